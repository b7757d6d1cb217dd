import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../src/common/billing.schema';
import { checkScreen } from './support/axe';
import { firstPageAsPng } from './support/pdf-preview';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * /account/billing (= /billing) and /billing/{usageId} (issue 14) in a real browser against the
 * real server: a ライト tenant seeded in the server's SQLite file with three months of history,
 * a campaign and a test send last month, and three invoices (paid, unpaid, overdue).
 * The usage, subscription and invoice APIs (the PDF included) are the real server's.
 */
const { env, accounts } = await useTrainingEnvironment();

const TOKYO_MS = 9 * 3_600_000;
/** The Tokyo month `back` months before now, YYYY-MM. */
function tokyoMonth(back = 0): string {
  const now = new Date(Date.now() + TOKYO_MS);
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const monthStart = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) - TOKYO_MS);
const monthLabel = (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;
const nextMonth = (month: string) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
/** YYYY-MM-DD of a month's last day. */
const lastDay = (month: string) => new Date(monthStart(nextMonth(month)).getTime() - 1 + TOKYO_MS).toISOString().slice(0, 10);

interface SeededInvoice {
  summary: InvoiceSummary;
  periodStart: Date;
  periodEnd: Date;
}

function invoiceFor(id: number, month: string, status: InvoiceSummary['status']): SeededInvoice {
  const start = monthStart(month);
  const end = monthStart(nextMonth(month));
  const issue = `${month}-01`;
  return {
    periodStart: start,
    periodEnd: end,
    summary: {
      invoice_id: id, invoice_number: `${month.replace('-', '')}-${String(id).padStart(6, '0')}`, plan_id: 'light', plan_name: 'ライトプラン', cycle: 'monthly', method: 'invoice',
      // Due at the end of the following month (月末締め翌月末払い).
      period_start: issue, period_end: lastDay(month), issue_date: issue, due_date: lastDay(nextMonth(month)),
      items: [{ description: `ライトプラン（月払い）${monthLabel(month)}分`, quantity: 1, unit_price: 9800, amount: 9800 }],
      subtotal: 9800, tax_rate_percent: 10, tax: 980, total: 10780, status, paid_at: status === 'paid' ? `${issue}T10:00:00.000+09:00` : null, pdf_url: `/api/billing/invoices/${id}/pdf`,
    },
  };
}

/** Three months of a ライト tenant, straight in the server's SQLite file. */
function seedTenant(email: string, firstInvoiceId: number): { invoices: SeededInvoice[]; campaignName: string } {
  const db = new Database(path.join(env.server.dataDir, 'kizuki.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const tenantId = (db.prepare('select tenant_id from users where email = ?').get(email) as { tenant_id: number }).tenant_id;
    const userId = (db.prepare('select id from users where email = ?').get(email) as { id: number }).id;
    const [current, last, before] = [tokyoMonth(), tokyoMonth(1), tokyoMonth(2)];
    db.prepare("update tenants set plan = 'light', created_at = ? where id = ?").run(new Date(monthStart(before).getTime() + 86_400_000).toISOString(), tenantId);
    const now = new Date().toISOString();
    // On ライト (monthly, 請求書払い) since the month before last; this month is the current period.
    db.prepare("insert into tenant_subscriptions (tenant_id, plan, billing_cycle, payment_method, current_period_start, current_period_end, created_at, updated_at) values (?, 'light', 'monthly', 'invoice', ?, ?, ?, ?)")
      .run(tenantId, monthStart(current).toISOString(), monthStart(nextMonth(current)).toISOString(), monthStart(before).toISOString(), now);
    const addPeople = db.prepare('insert into people (tenant_id, name, email, email_key, department, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
    for (let index = 0; index < 12; index += 1) addPeople.run(tenantId, `受講者${index + 1}`, `p${index}-${tenantId}@example.co.jp`, `p${index}-${tenantId}@example.co.jp`, '営業部', now, now);
    const usage = db.prepare('insert into tenant_monthly_usage (tenant_id, month, emails_sent, people_count) values (?, ?, ?, ?) on conflict (tenant_id, month) do update set emails_sent = excluded.emails_sent, people_count = excluded.people_count');
    usage.run(tenantId, before, 8, 8);
    usage.run(tenantId, last, 42, 12);
    usage.run(tenantId, current, 180, 12);
    const campaignName = '標的型メール訓練（経理部）';
    const sentAt = new Date(monthStart(last).getTime() + 3 * 86_400_000).toISOString();
    const campaignId = Number(db.prepare("insert into campaigns (tenant_id, name, status, created_at, updated_at) values (?, ?, 'completed', ?, ?)").run(tenantId, campaignName, sentAt, sentAt).lastInsertRowid);
    const templateId = (db.prepare('select id from training_templates where tenant_id is null order by id limit 1').get() as { id: number }).id;
    const recipient = db.prepare("insert into campaign_recipients (tenant_id, campaign_id, name, email, template_id, token, status, planned_at, sent_at, created_at) values (?, ?, ?, ?, ?, ?, 'sent', ?, ?, ?)");
    for (let index = 0; index < 42; index += 1) recipient.run(tenantId, campaignId, `宛先${index}`, `r${index}-${campaignId}@example.co.jp`, templateId, `tok-${campaignId}-${index}`, sentAt, sentAt, sentAt);
    db.prepare('insert into template_test_sends (tenant_id, user_id, template_id, created_at) values (?, ?, ?, ?)').run(tenantId, userId, templateId, sentAt);
    const invoices = [invoiceFor(firstInvoiceId, current, 'unpaid'), invoiceFor(firstInvoiceId + 1, last, 'paid'), invoiceFor(firstInvoiceId + 2, before, 'overdue')];
    const insert = db.prepare(`insert into invoices (id, tenant_id, invoice_number, plan, billing_cycle, payment_method, period_start, period_end, issue_date, due_date, buyer, items,
      tax_rate_percent, subtotal, tax, total, status, paid_at, created_at) values (?, ?, ?, 'light', 'monthly', 'invoice', ?, ?, ?, ?, ?, ?, 10, 9800, 980, 10780, ?, ?, ?)`);
    const buyer = JSON.stringify({ company_name: '株式会社請求先テスト', department: '経理部', contact_name: '経理 花子', email: 'keiri@example.co.jp', postal_code: '100-0005', address: '東京都千代田区丸の内1-1-1', phone: '03-1234-5678' });
    for (const { summary, periodStart, periodEnd } of invoices) {
      insert.run(summary.invoice_id, tenantId, summary.invoice_number, periodStart.toISOString(), periodEnd.toISOString(), summary.issue_date, summary.due_date, buyer, JSON.stringify(summary.items),
        summary.status === 'paid' ? 'paid' : 'unpaid', summary.status === 'paid' ? periodStart.toISOString() : null, periodStart.toISOString());
    }
    return { invoices, campaignName };
  } finally {
    db.close();
  }
}

/** The Authorization header of every invoice PDF request the page makes. */
function recordPdfRequests(page: Page, pdfRequests: string[]): void {
  page.on('request', (request) => {
    if (/\/api\/billing\/invoices\/\d+\/pdf$/.test(new URL(request.url()).pathname)) pdfRequests.push(request.headers().authorization ?? '');
  });
}

describe.each([
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
])('billing at $name', ({ name, viewport }) => {
  it('shows the plan, this month’s use as meters, the history, the invoices and a month’s detail', async () => {
    const account = await accounts.newCorporateAccount(`billing${viewport.width}`);
    const { invoices, campaignName } = seedTenant(account.email, viewport.width * 10);
    const token = await accounts.login(account.email, account.password);
    const { page } = await env.open(viewport);
    const pdfRequests: string[] = [];
    recordPdfRequests(page, pdfRequests);
    await storeToken(page, token);
    await page.goto('/billing');
    await page.getByRole('heading', { level: 1, name: 'ご利用状況・請求' }).waitFor();

    // The plan and this month's use against its limits.
    const plan = page.getByRole('region', { name: 'ご契約中のプラン' });
    await expect.poll(() => plan.textContent()).toContain('ライトプラン');
    expect(await plan.textContent()).toContain('請求書払い（銀行振込）');
    expect(await plan.textContent()).toContain(`${monthLabel(tokyoMonth())}1日〜${monthLabel(tokyoMonth())}${Number(lastDay(tokyoMonth()).slice(8))}日`);
    const people = page.getByRole('meter', { name: '登録人数' });
    const mails = page.getByRole('meter', { name: '訓練メール送信数（今月）' });
    await people.waitFor();
    expect(await people.getAttribute('aria-valuetext')).toBe('12 / 50名');
    expect(await mails.getAttribute('aria-valuetext')).toBe('180 / 250通');
    expect(await page.getByRole('link', { name: 'プランの変更' }).first().getAttribute('href')).toBe('/account/upgrade');

    // History by month, newest first, linking to each month.
    const history = page.getByRole('table', { name: '月別のご利用履歴' });
    const rows = history.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain(monthLabel(tokyoMonth(1)));
    expect(await rows.nth(1).textContent()).toContain('42 / 250通');

    // Invoices with their status badges.
    const invoiceTable = page.getByRole('table', { name: '請求書の一覧' });
    await expect.poll(() => invoiceTable.locator('.status-badge').allTextContents()).toEqual(['未入金', '入金済み', '期限超過']);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `billing-${name}`, { fullPage: true });

    // The PDF is fetched with the bearer token and saved as a file.
    const download = page.waitForEvent('download');
    await invoiceTable.getByRole('button', { name: `請求書 ${invoices[1]!.summary.invoice_number} のPDFをダウンロード` }).click();
    expect((await download).suggestedFilename()).toBe(`請求書_${invoices[1]!.summary.invoice_number}.pdf`);
    expect(pdfRequests).toEqual([`Bearer ${token}`]);
    // Its first page, rendered by poppler as a person would see it (saved for review): one A4
    // portrait page with text on it.
    const pdfPath = path.join(os.tmpdir(), `kizuki-e2e-invoice-${viewport.width}-${process.pid}.pdf`);
    await (await download).saveAs(pdfPath);
    const preview = await firstPageAsPng(pdfPath, `invoice-pdf-${name}`);
    expect(preview.height / preview.width).toBeCloseTo(297 / 210, 1);
    expect(preview.inkShare).toBeGreaterThan(0.01);
    expect(preview.inkShare).toBeLessThan(0.3);

    // Last month's detail.
    await rows.nth(1).getByRole('link', { name: `${monthLabel(tokyoMonth(1))}の明細を見る` }).click();
    await waitForPath(page, `/billing/${tokyoMonth(1)}`);
    await page.getByRole('heading', { level: 1, name: `${monthLabel(tokyoMonth(1))}のご利用明細` }).waitFor();
    const campaigns = page.getByRole('table', { name: 'キャンペーン別の送信数' });
    await expect.poll(() => campaigns.locator('tbody tr').allTextContents()).toEqual([`${campaignName}42通`]);
    const summary = page.getByRole('region', { name: '概要' });
    expect(await summary.textContent()).toContain('12 / 50名');
    expect(await page.getByRole('region', { name: 'テスト送信（送信数に含みません）' }).locator('li').count()).toBe(1);
    const monthInvoices = page.getByRole('region', { name: 'この月の請求書' });
    expect(await monthInvoices.locator('.status-badge').allTextContents()).toEqual(['入金済み']);
    expect(await monthInvoices.textContent()).toContain('合計（税込）￥10,780');
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `billing-month-${name}`, { fullPage: true });

    // A month outside the history says so.
    await page.goto('/billing/2001-01');
    await page.getByText('この月の利用明細は見つかりませんでした').waitFor();
  });
});
