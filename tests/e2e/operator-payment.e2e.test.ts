import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { field, look, newSignedInOperator } from './support/operator-pages';
import { useTrainingEnvironment } from './support/training-env';

/**
 * Issue 14, 請求書払い: an invoice stays 未入金 until an operator confirms the transfer. The
 * operator finds the tenant's unpaid invoice on /operator/tenants, presses 「入金確認」 with a memo;
 * the tenant's invoice reads 入金済み and the audit log shows the entry.
 */
const { env, accounts } = await useTrainingEnvironment();

const PASSWORD = 'kanri-Pass-2026';
const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];


type Invoice = { invoice_number: string; status: string; total: number };

describe.each(VIEWPORTS)('入金確認 ($name)', ({ name, viewport }) => {
  it('a tenant upgrades by invoice → the operator confirms the transfer → 入金済み for the tenant and in the audit log', async () => {
    const company = `株式会社入金確認${viewport.width}`;
    const account = await accounts.newCorporateAccount(`pay${viewport.width}`, company);
    const token = await accounts.login(account.email, account.password);
    const upgrade = await accounts.call(token, 'POST', '/api/account/upgrade', {
      plan: 'light', cycle: 'monthly', method: 'invoice', preview: false,
      billing: { company_name: company, department: '経理部', contact_name: '山田 花子', email: account.email, postal_code: '150-0002', address: '東京都渋谷区渋谷2-1-1', phone: '03-1234-5678' },
    });
    expect(upgrade.status, JSON.stringify(upgrade.json)).toBe(200);
    const invoices = async () => ((await accounts.call(token, 'GET', '/api/billing/invoices')).json.data as { invoices: Invoice[] }).invoices;
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ status: 'unpaid' });
    const number = invoice!.invoice_number;

    const page = await newSignedInOperator(env, viewport, `ops-pay-${viewport.width}@example.com`, PASSWORD);
    await page.goto(`/operator/tenants?q=${encodeURIComponent(company)}`);
    const item = page.locator(`li[data-invoice-number="${number}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain(`${invoice!.total.toLocaleString('ja-JP')}円`);
    await look(page, `operator-unpaid-invoice-${name}`);

    await item.getByRole('button', { name: `入金確認（${number}）` }).click();
    const dialog = page.getByRole('dialog', { name: `請求書 ${number} の入金確認` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(company);
    await field(dialog, 'メモ').fill('11/25 振込確認（ｶ)ﾆｭｳｷﾝｶｸﾆﾝ）');
    await look(page, `operator-confirm-payment-${name}`, { fullPage: false });
    await dialog.getByRole('button', { name: '入金確認', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `請求書 ${number} を入金済みにしました。` }).waitFor();
    await item.waitFor({ state: 'detached' });

    // The tenant's invoice reads 入金済み.
    expect((await invoices())[0]).toMatchObject({ invoice_number: number, status: 'paid' });

    // The audit log shows who confirmed which invoice, in Japanese.
    await page.goto('/operator/audit-log');
    const entry = page.locator('tr[data-audit-action="confirm_payment"]').filter({ hasText: number });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('入金確認');
    expect(text).toContain(`請求書 ${number}`);
    expect(text).toContain('11/25 振込確認');
    await look(page, `operator-audit-payment-${name}`);
  });
});
