import { describe, expect, it } from 'vitest';
import { billingMessages as m } from '../../src/common/billing-messages';
import type { UpgradeResult } from '../../src/common/billing.schema';
import { checkScreen } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { definitions, horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * Issue 14, a paid tenant moving up: on ライトプラン (月払い, 請求書払い) with a cancellation
 * scheduled, the administrator picks スタンダードプラン on the comparison, finds the 請求先
 * filled in and the cycle fixed, confirms the 差額 (the same figures the API previews, the
 * proration explained, the cancellation to be withdrawn) and lands on the complete page with the
 * larger plan in force. Lower plans still point to the downgrade panel.
 */
const { env, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];


const yenText = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

describe.each(VIEWPORTS)('a paid plan moved to a larger one ($name)', ({ name, viewport }) => {
  it('marks the current plan, fixes the cycle, confirms the 差額 and applies the larger plan at once', async () => {
    const company = `株式会社プラン変更${viewport.width}`;
    const account = await accounts.newCorporateAccount(`change-${viewport.width}`, company);
    const token = await accounts.login(account.email, account.password);
    const billing = { company_name: company, department: '経理部', contact_name: '山田 花子', email: account.email, postal_code: '150-0002', address: '東京都渋谷区渋谷2-1-1', phone: '03-1234-5678' };
    const started = await accounts.call(token, 'POST', '/api/account/upgrade', { plan: 'light', cycle: 'monthly', method: 'invoice', preview: false, billing });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect((await accounts.call(token, 'POST', '/api/account/downgrade', { plan: 'free' })).status).toBe(200);
    // What the server will charge, asked as the confirm screen asks it.
    const asked = await accounts.call(token, 'POST', '/api/account/upgrade', { plan: 'standard', cycle: 'monthly', method: 'invoice', preview: true, billing });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const expected = (asked.json.data as UpgradeResult).preview;

    const { page } = await env.open(viewport);
    await storeToken(page, token);
    await page.goto('/account/upgrade');
    await page.getByRole('heading', { level: 1, name: 'プランのアップグレード' }).waitFor();
    await page.getByRole('heading', { name: 'ご契約中のプラン' }).waitFor();
    const comparison = viewport.width < 760 ? page.getByRole('list', { name: 'プランの比較' }) : page.getByRole('table', { name: /プランの比較/ });
    await comparison.getByText('ご利用中のプラン', { exact: true }).waitFor();
    // The free plan (lower) points to the downgrade panel; the larger plan can be chosen.
    await comparison.getByText('上の「プランの変更・解約」から変更できます', { exact: true }).first().waitFor();
    expect(await comparison.getByRole('link', { name: /申し込む$/ }).count()).toBe(0);
    const choose = comparison.getByRole('link', { name: /^スタンダードプランに\s*変更する$/ });
    await choose.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `plan-change-info-${name}`);
    await choose.click();

    await waitForPath(page, '/account/upgrade/payment');
    await page.getByRole('heading', { level: 1, name: 'お支払い情報の入力' }).waitFor();
    expect(await page.getByRole('radio', { name: /スタンダードプラン/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /ライトプラン/ }).count()).toBe(0);
    // The cycle and method are the subscription's, shown, not asked.
    expect(await page.getByRole('radio', { name: /^年払い/ }).count()).toBe(0);
    await page.getByRole('region', { name: 'お支払いサイクルとお支払い方法' }).waitFor();
    const terms = await definitions(page);
    expect(terms['お支払いサイクル']).toBe('月払い');
    expect(terms['お支払い方法']).toBe('請求書払い（銀行振込）');
    await page.getByText(/^プランを変更しても、お支払いサイクルとお支払い方法はご契約中のままです/).waitFor();
    const billingGroup = page.getByRole('group', { name: '請求先' });
    expect(await billingGroup.getByRole('textbox', { name: /^ご担当者名/ }).inputValue()).toBe('山田 花子');
    expect(await billingGroup.getByRole('textbox', { name: /^郵便番号/ }).inputValue()).toBe('150-0002');
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `plan-change-payment-${name}`);
    await page.getByRole('button', { name: 'スタンダードプランへの変更内容を確認する' }).click();

    await waitForPath(page, '/account/upgrade/confirm');
    await page.getByRole('heading', { level: 1, name: 'お申し込み内容の確認' }).waitFor();
    const figures = page.getByRole('table', { name: 'ご請求額の内訳' });
    await figures.waitFor();
    const rows = (await figures.getByRole('row').allInnerTexts()).join('\n');
    expect(rows).toContain('プラン変更差額（ライトプラン → スタンダードプラン、');
    expect(rows).toMatch(new RegExp(`小計（10%対象）\\s+${yenText(expected.subtotal)}`));
    expect(rows).toMatch(new RegExp(`消費税（10%）\\s+${yenText(expected.tax)}`));
    expect(rows).toMatch(new RegExp(`合計（税込）\\s+${yenText(expected.total)}`));
    expect(expected.tax).toBe(Math.floor(expected.subtotal / 10));
    const facts = await definitions(page);
    expect(facts).toMatchObject({ ご契約中のプラン: 'ライトプラン', 変更後のプラン: 'スタンダードプラン（お申し込み後すぐに切り替わります）', お支払いサイクル: '月払い' });
    expect(facts['請求日']).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    expect(facts['お支払い期限']).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    await page.getByText(expected.plan_change!.proration, { exact: true }).waitFor();
    expect(expected.plan_change!.proration).toMatch(/^月額の差額30,000円（税抜）を今月の日数（\d+日）で日割りし、本日から今回のご利用期間の最終日までの\d+日分をご請求します/);
    await page.getByText(/予約中の解約\s*は、プランの変更と同時に取り消されます。/).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `plan-change-confirm-${name}`);

    await page.getByRole('button', { name: 'この内容で変更する', exact: true }).click();
    await waitForPath(page, '/account/upgrade/complete');
    await page.getByRole('status').filter({ hasText: m.planChanged('ライトプラン', 'スタンダードプラン') }).waitFor();
    expect(await definitions(page)).toMatchObject({ 変更前のプラン: 'ライトプラン', プラン: 'スタンダードプラン（月払い）', 登録できる人数: '300名まで', 訓練メール: '毎月1,500通まで' });
    await page.getByText(`合計${yenText(expected.total)}`, { exact: false }).waitFor();
    await page.getByText('予約されていた解約は取り消しました。', { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `plan-change-complete-${name}`);

    // The header shows the larger plan; the 差額 invoice is the tenant's newest.
    await page.getByText('スタンダードプラン', { exact: true }).first().waitFor();
    const subscription = (await accounts.call(token, 'GET', '/api/account/subscription')).json.data as { plan_id: string; pending_plan_id: string | null };
    expect(subscription).toMatchObject({ plan_id: 'standard', pending_plan_id: null });
    const invoices = ((await accounts.call(token, 'GET', '/api/billing/invoices')).json.data as { invoices: { plan_id: string; total: number }[] }).invoices;
    expect(invoices.map((invoice) => [invoice.plan_id, invoice.total])[0]).toEqual(['standard', expected.total]);
  });
});
