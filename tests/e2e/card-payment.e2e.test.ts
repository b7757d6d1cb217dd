import { afterAll, describe, expect, it } from 'vitest';
import { startStripeTestServer } from '../../src/server/test/stripe-test-server';
import { checkScreen } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { definitions, horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * Issue 14's card payment in a real browser: the administrator chooses クレジットカード, confirms
 * the first charge, goes to Checkout (Stripe's stand-in on loopback), backs out once, then pays.
 * The plan changes only when the signed webhook reaches the server; the complete page waits for it.
 */
const stripe = await startStripeTestServer();
afterAll(() => stripe.close());
const { env, accounts } = await useTrainingEnvironment(stripe.env());

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];
const required = (label: string): RegExp => new RegExp(`^${label}\\s*必須`);

describe.each(VIEWPORTS)('upgrade paid by card ($name)', ({ name, viewport }) => {
  it('goes through Checkout, and the plan starts from the signed webhook', async () => {
    stripe.webhookUrl = `${env.server.baseUrl}/api/webhooks/stripe`;
    const account = await accounts.newCorporateAccount(`card-${viewport.width}`);
    const token = await accounts.login(account.email, account.password);
    const { page } = await env.open(viewport);
    await storeToken(page, token);

    await page.goto('/account/upgrade/payment?plan=light');
    await page.getByRole('heading', { level: 1, name: 'お支払い情報の入力' }).waitFor();
    await page.getByRole('radio', { name: /ライトプラン/ }).check();
    await page.getByRole('radio', { name: /^月払い/ }).check();
    await page.getByRole('radio', { name: 'クレジットカード' }).check();
    await page.getByText('決済画面（Stripe）でカード情報を入力します', { exact: false }).waitFor();
    const billing = page.getByRole('group', { name: '請求先' });
    await billing.getByRole('textbox', { name: required('ご担当者名') }).fill('経理 太郎');
    await billing.getByRole('textbox', { name: required('郵便番号') }).fill('100-0005');
    await billing.getByRole('textbox', { name: required('住所') }).fill('東京都千代田区丸の内1-1-1');
    await billing.getByRole('textbox', { name: required('電話番号') }).fill('03-1234-5678');
    await page.getByRole('button', { name: 'ライトプランのご請求内容を確認する' }).click();

    await waitForPath(page, '/account/upgrade/confirm');
    await page.getByRole('heading', { name: '初回のカード決済' }).waitFor();
    const rows = (await page.getByRole('table', { name: 'ご請求額の内訳' }).getByRole('row').allInnerTexts()).join('\n');
    const total = Number(/合計（税込）\s+([\d,]+)円/.exec(rows)![1]!.replace(/,/g, ''));
    const facts = await definitions(page);
    expect(facts['お支払い方法']).toBe('クレジットカード');
    expect(facts['決済日']).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（決済画面でのお支払い時）$/);
    expect(facts).not.toHaveProperty('お支払い期限');
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `card-confirm-${name}`);

    // To Checkout, and back without paying: nothing changed, and the page says so.
    await page.getByRole('button', { name: 'カード決済に進む', exact: true }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/`));
    expect(Number((await page.getByTestId('amount-due').innerText()).replace(/[¥,]/g, ''))).toBe(total);
    await page.getByRole('link', { name: '戻る' }).click();
    await waitForPath(page, '/account/upgrade/confirm');
    await page.getByRole('status').filter({ hasText: 'カード決済を中止しました' }).waitFor();

    // Pay: Stripe's webhook starts the plan, and the complete page shows it.
    await page.getByRole('button', { name: 'カード決済に進む', exact: true }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/c/pay/`));
    await page.getByRole('button', { name: '支払う' }).click();
    await waitForPath(page, '/account/upgrade/complete');
    await page.getByRole('status').filter({ hasText: 'ライトプランのご利用を開始しました' }).waitFor();
    expect(await definitions(page)).toMatchObject({ プラン: 'ライトプラン（月払い）', 登録できる人数: '50名まで', 管理画面の広告: '表示されなくなりました' });
    await page.getByText('初回のお支払いはクレジットカードで決済済みです。', { exact: false }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `card-complete-${name}`);

    // The first invoice is listed as paid.
    await page.getByRole('link', { name: 'ご利用状況・請求を見る' }).click();
    await waitForPath(page, '/account/billing');
    await page.getByText('入金済み', { exact: true }).first().waitFor();
    expect((await accounts.call(token, 'GET', '/api/account/subscription')).json.data).toMatchObject({ plan_id: 'light', method: 'card' });

    // Later, a move to スタンダード: the 差額 is charged to the same card at once, no Checkout.
    await page.goto('/account/upgrade');
    const comparison = viewport.width < 760 ? page.getByRole('list', { name: 'プランの比較' }) : page.getByRole('table', { name: /プランの比較/ });
    await comparison.getByRole('link', { name: /^スタンダードプランに\s*変更する$/ }).click();
    await waitForPath(page, '/account/upgrade/payment');
    // The URL changes before the payment page replaces the comparison (whose phone list has its own
    // お支払い方法 rows), so the subscription's fixed terms are waited for before they are read.
    await page.getByRole('region', { name: 'お支払いサイクルとお支払い方法' }).waitFor();
    expect((await definitions(page))['お支払い方法']).toBe('クレジットカード');
    await page.getByRole('button', { name: 'スタンダードプランへの変更内容を確認する' }).click();
    await waitForPath(page, '/account/upgrade/confirm');
    // The breakdown is drawn once the figures have loaded; its rows are read after that, not before.
    await page.getByRole('table', { name: 'ご請求額の内訳' }).getByText('プラン変更差額', { exact: false }).first().waitFor();
    const changeRows = (await page.getByRole('table', { name: 'ご請求額の内訳' }).getByRole('row').allInnerTexts()).join('\n');
    expect(changeRows).toContain('プラン変更差額（ライトプラン → スタンダードプラン、');
    const difference = Number(/合計（税込）\s+([\d,]+)円/.exec(changeRows)![1]!.replace(/,/g, ''));
    expect((await definitions(page))['決済日']).toMatch(/（変更のお申し込み時に、ご登録のカードで決済）$/);
    await checkScreen(page, `card-change-confirm-${name}`);
    const chargesBefore = stripe.invoices.size;
    await page.getByRole('button', { name: 'カードで決済して変更する', exact: true }).click();
    await waitForPath(page, '/account/upgrade/complete');
    await page.getByText('ご登録のクレジットカードで決済済みです。', { exact: false }).waitFor();
    expect(await definitions(page)).toMatchObject({ 変更前のプラン: 'ライトプラン', プラン: 'スタンダードプラン（月払い）', 登録できる人数: '300名まで' });
    expect([...stripe.invoices.values()].slice(chargesBefore)).toEqual([expect.objectContaining({ amount: difference, status: 'paid' })]);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `card-change-complete-${name}`);
  });
});
