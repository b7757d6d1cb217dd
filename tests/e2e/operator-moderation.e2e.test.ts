import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emailReport, smallPng, smsReport } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName, type Viewport } from './support/e2e';
import { eventually } from './support/eventually';
import { field, look, newSignedInOperator } from './support/operator-pages';
import { detailPath, INDEX_PATH, reportDetail, reportList, waitForListSettled } from './support/report-pages';
import { waitForPath } from './support/training-pages';

/**
 * Issue 13, part 3, the operator's other actions: restore, re-run redaction, dismiss flags and
 * delete for good, each done through the console's buttons and checked where a visitor looks (the
 * public API, list and detail page) and in /operator/audit-log. (Hiding is operator-console.e2e.test.ts.)
 */
const env = useE2EEnvironment();

const PASSWORD = 'kanri-Pass-2026';
/** The redacted copy is made in the background, one report at a time; a small image is quick. */
const PUBLISH_TIMEOUT = 60_000;

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

const upload = async () => ({ content: await smallPng(), filename: 'shot.png' });

/** The public answer's image, once redaction has published one. */
async function publishedImage(reportId: string): Promise<string> {
  await eventually(async () => (await env.api.getReport(reportId)).screenshot_url, PUBLISH_TIMEOUT).toEqual(expect.any(String));
  return (await env.api.getReport(reportId)).screenshot_url ?? '';
}

const statusOf = async (url: string) => (await fetch(new URL(url, env.server.baseUrl))).status;

/** The console's detail of one report, and its action buttons and reason dialog. */
function consoleReport(page: Page) {
  const actions = page.getByRole('region', { name: '操作', exact: true });
  return {
    actions,
    button: (label: string) => actions.getByRole('button', { name: label, exact: true }),
    dialog: (title: string) => page.getByRole('dialog', { name: title }),
    flags: page.getByRole('region', { name: '不適切な報告の通知', exact: true }),
    history: page.getByRole('region', { name: 'この報告の操作履歴', exact: true }),
    imageState: page.getByRole('region', { name: '報告の内容', exact: true }).locator('dl dt').filter({ hasText: /^画像$/ }).locator('xpath=following-sibling::dd[1]'),
  };
}

/** Opens the report from the console's list, as an operator would. */
async function openFromConsole(page: Page, reportId: string): Promise<void> {
  await page.getByRole('link', { name: '報告の管理', exact: true }).click();
  await waitForPath(page, '/operator/reports');
  const table = page.getByRole('table', { name: '報告の一覧' });
  await table.locator(`tr[data-report-id="${reportId}"]`).getByRole('link').click();
  await waitForPath(page, `/operator/reports/${reportId}`);
  await page.getByRole('heading', { name: '報告の詳細', level: 1 }).waitFor();
}

/** Presses an action, gives the reason in its dialog, confirms, and waits for the dialog to close. */
async function act(page: Page, label: string, reason: string | null, screenshot?: string): Promise<void> {
  const report = consoleReport(page);
  await report.button(label).click();
  const dialog = report.dialog(label);
  await dialog.waitFor();
  if (reason !== null) await field(dialog, '理由').fill(reason);
  if (screenshot) await look(page, screenshot, { fullPage: false });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A visitor's 「不適切な報告を通知」 on the public detail page. */
async function flagAsVisitor(viewport: Viewport, reportId: string, reason: string): Promise<void> {
  const { page } = await env.open(viewport);
  await page.goto(detailPath(reportId));
  await page.getByRole('button', { name: '不適切な報告を通知' }).click();
  const dialog = page.getByRole('dialog', { name: '不適切な報告を通知' });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: '通知する' }).click();
  await dialog.getByText('通知を受け付けました').waitFor();
  await page.context().close();
}

/** The public list (a fresh visitor) shows the report, or not. */
async function inPublicList(viewport: Viewport, reportId: string): Promise<boolean> {
  const { page, context } = await env.open(viewport);
  await page.goto(INDEX_PATH);
  await waitForListSettled(page);
  const count = await reportList(page).rowFor(reportId).count();
  await context.close();
  return count === 1;
}

describe.each(VIEWPORTS)('operator moderation ($name)', ({ name, viewport }) => {
  it('restores a hidden report, re-runs redaction, dismisses flags and deletes for good: seen in public and in the audit log', async () => {
    const email = `moderator-${viewport.width}@example.com`;
    const reasons = {
      hide: `${name} 確認のため一時的に非公開`,
      restore: `${name} 確認の結果、問題がなかったため`,
      redact: `${name} 黒塗りの漏れを報告されたため`,
      dismiss: `${name} フィッシングの報告として問題ないため`,
      remove: `${name} 投稿者本人から削除の依頼があったため`,
    };
    const restoreId = await env.api.createReport(emailReport({ subject: `${name} 公開に戻す報告`, publish_screenshot: '1' }), await upload());
    const redactId = await env.api.createReport(emailReport({ subject: `${name} 黒塗りをやり直す報告`, publish_screenshot: '1' }), await upload());
    const dismissId = await env.api.createReport(smsReport({ body: `${name} 通知を却下する報告です。http://dismiss.example/` }));
    const removeId = await env.api.createReport(emailReport({ subject: `${name} 完全に削除する報告` }));
    const restoreImage = await publishedImage(restoreId);
    const firstRedacted = await publishedImage(redactId);
    await flagAsVisitor(viewport, dismissId, 'フィッシングではない');

    const page = await newSignedInOperator(env, viewport, email, PASSWORD);
    const report = consoleReport(page);

    // 1. Restore: hidden first, then public again, and its image is redacted again and back.
    await openFromConsole(page, restoreId);
    await act(page, '非公開にする', reasons.hide);
    await page.getByText('報告を非公開にしました。').waitFor();
    expect(await env.api.reportStatus(restoreId)).toBe(404);
    expect(await statusOf(restoreImage)).toBe(404);
    await act(page, '公開に戻す', reasons.restore, `operator-restore-dialog-${name}`);
    await page.getByText('報告を公開に戻しました。').waitFor();
    await report.button('非公開にする').waitFor();
    expect(await page.getByText('この報告は非公開です。', { exact: false }).count()).toBe(0);
    await page.getByRole('link', { name: '公開ページを開く' }).waitFor();
    expect(await env.api.reportStatus(restoreId)).toBe(200);
    const restoredImage = await publishedImage(restoreId);
    expect(restoredImage).not.toBe(restoreImage);
    expect(await inPublicList(viewport, restoreId)).toBe(true);
    {
      const { page: visitor } = await env.open(viewport);
      await visitor.goto(detailPath(restoreId));
      await reportDetail(visitor).screenshotImage.waitFor();
    }
    await page.reload();
    await eventually(() => report.imageState.textContent()).toBe('公開中');
    await report.history.locator('tbody tr[data-audit-action="restore"]').waitFor();
    await look(page, `operator-restored-${name}`);

    // 2. Re-run redaction: the old public copy goes at once, a new redacted one replaces it.
    await openFromConsole(page, redactId);
    await eventually(() => report.imageState.textContent()).toBe('公開中');
    await look(page, `operator-report-published-${name}`);
    await act(page, '黒塗りをやり直す', reasons.redact, `operator-redact-dialog-${name}`);
    await page.getByText('黒塗り処理のやり直しを受け付けました。').waitFor();
    expect(await statusOf(firstRedacted)).toBe(404);
    const secondRedacted = await publishedImage(redactId);
    expect(secondRedacted).not.toBe(firstRedacted);
    expect(await statusOf(secondRedacted)).toBe(200);
    {
      const { page: visitor } = await env.open(viewport);
      await visitor.goto(detailPath(redactId));
      const image = reportDetail(visitor).screenshotImage;
      await image.waitFor();
      expect(new URL((await image.getAttribute('src')) ?? '', env.server.baseUrl).pathname).toBe(new URL(secondRedacted, env.server.baseUrl).pathname);
    }
    await page.reload();
    await eventually(() => report.imageState.textContent()).toBe('公開中');
    await report.history.locator('tbody tr[data-audit-action="redact"]').waitFor();

    // 3. Dismiss flags: the report stays public, its flag is closed and it leaves 通知あり.
    await page.getByRole('link', { name: '報告の管理', exact: true }).click();
    await page.getByRole('button', { name: '通知あり' }).click();
    const table = page.getByRole('table', { name: '報告の一覧' });
    await table.locator(`tr[data-report-id="${dismissId}"]`).waitFor();
    await openFromConsole(page, dismissId);
    await report.flags.getByText('未対応').waitFor();
    await page.getByText('この報告にはスクリーンショットがありません。').waitFor();
    await act(page, '通知を却下', reasons.dismiss, `operator-dismiss-dialog-${name}`);
    await page.getByText('通知を却下しました。').waitFor();
    await report.flags.getByText('対応済み').waitFor();
    expect(await report.flags.getByText('未対応').count()).toBe(0);
    expect(await report.button('通知を却下').count()).toBe(0);
    await look(page, `operator-dismissed-${name}`);
    expect(await env.api.reportStatus(dismissId)).toBe(200);
    expect(await inPublicList(viewport, dismissId)).toBe(true);
    await page.goto('/operator/reports?status=flagged');
    await eventually(async () => (await table.isVisible()) || (await page.getByText('該当する報告はありません。').isVisible())).toBe(true);
    expect(await table.locator(`tr[data-report-id="${dismissId}"]`).count()).toBe(0);

    // 4. Delete for good: gone from the API, the detail page and the list; the console says so.
    await page.goto('/operator/reports');
    await openFromConsole(page, removeId);
    await act(page, '完全に削除', reasons.remove, `operator-delete-dialog-${name}`);
    await waitForPath(page, '/operator/reports');
    await page.getByText('報告を完全に削除しました。').waitFor();
    // The notice comes with the navigation; the list is fetched again after it, so its row may linger a moment.
    await eventually(() => page.getByRole('table', { name: '報告の一覧' }).locator(`tr[data-report-id="${removeId}"]`).count()).toBe(0);
    expect(await env.api.reportStatus(removeId)).toBe(404);
    {
      const { page: visitor } = await env.open(viewport);
      expect((await visitor.goto(detailPath(removeId)))?.status()).toBe(404);
    }
    expect(await inPublicList(viewport, removeId)).toBe(false);
    await page.goto(`/operator/reports/${removeId}`);
    await page.getByText('この報告は見つかりませんでした。すでに削除された可能性があります。').waitFor();

    // 5. The audit log: each action, by whom, and why; the deleted report's entry says so.
    await page.getByRole('link', { name: '操作履歴' }).click();
    await waitForPath(page, '/operator/audit-log');
    const audit = page.getByRole('table', { name: '操作履歴' });
    const entry = (reason: string) => audit.locator('tbody tr', { hasText: reason });
    await entry(reasons.remove).waitFor();
    const expected: Array<[string, string, string, string]> = [
      [reasons.hide, 'hide', '非公開', restoreId],
      [reasons.restore, 'restore', '再公開', restoreId],
      [reasons.redact, 'redact', '黒塗りの再実行', redactId],
      [reasons.dismiss, 'dismiss_flags', '通知の却下', dismissId],
      [reasons.remove, 'delete', '完全に削除', removeId],
    ];
    for (const [reason, action, label, reportId] of expected) {
      const row = entry(reason);
      expect(await row.count(), reason).toBe(1);
      expect(await row.getAttribute('data-audit-action')).toBe(action);
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(label);
      expect(text).toContain(email);
      expect(text).toContain(reportId);
    }
    // The deleted report has no page left: its entries say so instead of linking to a 404.
    const removed = entry(reasons.remove);
    expect(await removed.textContent()).toContain(`${removeId}（削除済み）`);
    expect(await removed.getByRole('link').count()).toBe(0);
    expect(await entry(reasons.restore).getByRole('link', { name: restoreId }).count()).toBe(1);
    await look(page, `operator-audit-log-all-actions-${name}`);
  });
});
