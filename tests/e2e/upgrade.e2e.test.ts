import { describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../src/common/billing-messages';
import { trainingPaths } from '../../src/common/training-routes';
import { checkScreen } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { dashboardPage, definitions, fieldError, horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * Issue 14's newcomer in a real browser against the real server: the free plan's ad on the
 * dashboard, the plans compared with the current one marked, ライトプラン chosen on annual billing,
 * the 請求先 (a bad 〒 refused under its field), every figure confirmed, the complete page, the
 * new plan in the header at once and the ad gone.
 */
const { env, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];
const required = (label: string): RegExp => new RegExp(`^${label}\\s*必須`);

describe.each(VIEWPORTS)('upgrade from the free plan ($name)', ({ name, viewport }) => {
  it('compares the plans, takes the 請求先, confirms the figures and starts the plan at once', async () => {
    const account = await accounts.newCorporateAccount(`upgrade-${viewport.width}`);
    const token = await accounts.login(account.email, account.password);
    const { page } = await env.open(viewport);
    await storeToken(page, token);

    // The free plan's administrator sees one ad on the dashboard.
    await page.goto(trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
    const ad = page.getByRole('complementary', { name: '広告' });
    await ad.waitFor();

    await page.goto('/account/upgrade');
    await page.getByRole('heading', { level: 1, name: 'プランのアップグレード' }).waitFor();
    // Cards on phones, a table from tablets up: either way the free plan is marked as the current one.
    const comparison = viewport.width < 760 ? page.getByRole('list', { name: 'プランの比較' }) : page.getByRole('table', { name: /プランの比較/ });
    await comparison.getByText('ご利用中のプラン', { exact: true }).waitFor();
    await expect.poll(() => comparison.getByText('9,800円', { exact: false }).count()).toBeGreaterThan(0);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `upgrade-info-${name}`);

    await page.getByText('年払い（2か月分お得）', { exact: true }).click();
    await expect.poll(() => comparison.getByText('98,000円', { exact: false }).count()).toBeGreaterThan(0);
    await comparison.getByRole('link', { name: 'ライトプラン：このプランを選ぶ' }).click();
    await waitForPath(page, '/account/upgrade/payment');
    await page.getByRole('heading', { level: 1, name: 'お支払い情報の入力' }).waitFor();
    expect(await page.getByRole('radio', { name: /ライトプラン/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^年払い/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /請求書払い/ }).isChecked()).toBe(true);

    const billing = page.getByRole('group', { name: '請求先' });
    await expect.poll(() => billing.getByRole('textbox', { name: required('請求先の会社名') }).inputValue()).toBe(account.organization);
    await billing.getByRole('textbox', { name: required('ご担当者名') }).fill('経理 太郎');
    const postalCode = billing.getByRole('textbox', { name: required('郵便番号') });
    await postalCode.fill('100-00');
    await billing.getByRole('textbox', { name: required('住所') }).fill('東京都千代田区丸の内1-1-1');
    await billing.getByRole('textbox', { name: required('電話番号') }).fill('03-1234-5678');
    const next = page.getByRole('button', { name: 'ライトプランのご請求内容を確認する' });
    await next.click();
    await expect.poll(() => fieldError(postalCode)).toBe(m.postalCodeInvalid);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `upgrade-payment-${name}`);
    await postalCode.fill('１００－０００５');
    await next.click();

    await waitForPath(page, '/account/upgrade/confirm');
    await page.getByRole('heading', { level: 1, name: 'お申し込み内容の確認' }).waitFor();
    const figures = page.getByRole('table', { name: 'ご請求額の内訳' });
    await figures.waitFor();
    const rows = await figures.getByRole('row').allInnerTexts();
    // The whole year from next month, plus this month's remaining days; the tax once on the total.
    expect(rows.some((row) => /ライトプラン（年払い）.*〜.*分\s+98,000円/.test(row))).toBe(true);
    const subtotal = Number(/小計（10%対象）\s+([\d,]+)円/.exec(rows.join('\n'))![1]!.replace(/,/g, ''));
    const tax = Number(/消費税（10%）\s+([\d,]+)円/.exec(rows.join('\n'))![1]!.replace(/,/g, ''));
    const total = Number(/合計（税込）\s+([\d,]+)円/.exec(rows.join('\n'))![1]!.replace(/,/g, ''));
    expect(tax).toBe(Math.floor(subtotal / 10));
    expect(total).toBe(subtotal + tax);
    const facts = await definitions(page);
    expect(facts['お支払い方法']).toBe('請求書払い（銀行振込）');
    expect(facts['住所']).toBe('〒100-0005 東京都千代田区丸の内1-1-1');
    expect(facts['お支払い期限']).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `upgrade-confirm-${name}`);

    await page.getByRole('button', { name: 'この内容で申し込む', exact: true }).click();
    await waitForPath(page, '/account/upgrade/complete');
    await page.getByRole('heading', { name: 'ライトプランのご利用を開始しました' }).waitFor();
    expect(await definitions(page)).toMatchObject({ プラン: 'ライトプラン（年払い）', 登録できる人数: '50名まで', 訓練メール: '毎月250通まで', 管理画面の広告: '表示されなくなりました' });
    await page.getByText(`合計${total.toLocaleString('ja-JP')}円`, { exact: false }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `upgrade-complete-${name}`);

    // The header shows the new plan without a reload, and the ad is gone.
    await page.getByRole('link', { name: 'ダッシュボードへ', exact: true }).click();
    await waitForPath(page, trainingPaths.dashboard);
    await dashboardPage(page).heading.waitFor();
    await page.getByText('ライトプラン', { exact: true }).first().waitFor();
    expect(await ad.count()).toBe(0);

    // Back on the comparison, the paid plan is the current one and can be cancelled at the period's end.
    await page.goto('/account/upgrade');
    await page.getByRole('heading', { name: 'ご契約中のプラン' }).waitFor();
    await page.getByRole('button', { name: '解約してフリープランに戻す' }).click();
    const dialog = page.getByRole('dialog', { name: '有料プランを解約しますか？' });
    await dialog.getByRole('button', { name: '解約する', exact: true }).click();
    await page.getByText(/をもって有料プランを解約し、フリープランに戻ります。$/).waitFor();
    await page.getByRole('button', { name: '変更の予約を取り消す' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `upgrade-contract-${name}`);
  });
});
