import { describe, expect, it } from 'vitest';
import { checkScreen } from './support/axe';
import { emailReport, smsReport } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { INDEX_PATH, deleteModal, detailPath, reportDetail, reportList, waitForListSettled } from './support/report-pages';

/**
 * SPEC §2.8, §4 (delete modal states), §8 (delete messages). The list tests come first: they
 * count rows exactly, and every report they use has LIST_PASSWORD.
 */
const env = useE2EEnvironment();

const LIST_PASSWORD = '2468';
const WRONG = 'パスワードが一致しません。';
const LOCKED = 'パスワードを3回間違えたため、24時間ロックされています。';

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

describe('deleting from the list page', () => {
  it('deletes the row whose 削除 button was used and reloads the list', async () => {
    const ids = await env.api.createReports([
      emailReport({ subject: '削除テスト 古い', delete_password: LIST_PASSWORD }),
      smsReport({ body: '削除テスト 真ん中', delete_password: LIST_PASSWORD }),
      emailReport({ subject: '削除テスト 新しい', delete_password: LIST_PASSWORD }),
    ]);
    const [oldest, middle, newest] = ids as [string, string, string];
    const { page } = await env.open(PHONE);
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    const list = reportList(page);
    expect(await list.range.textContent()).toBe('1件目 - 3件目 （全3件中）');

    await list.rowFor(middle).getByRole('button', { name: '削除', exact: true }).click();
    const modal = deleteModal(page);
    await modal.root.waitFor();
    // Cancel first: nothing happens.
    await modal.cancel.click();
    await modal.root.waitFor({ state: 'detached' });
    expect(await env.api.reportStatus(middle)).toBe(200);

    await list.rowFor(middle).getByRole('button', { name: '削除', exact: true }).click();
    await modal.password.fill(LIST_PASSWORD);
    await modal.confirm.click();
    await modal.root.getByText('削除しました', { exact: true }).waitFor();
    expect(await env.api.reportStatus(middle)).toBe(404);
    await modal.close.click();
    await modal.root.waitFor({ state: 'detached' });

    await eventually(() => list.range.textContent()).toBe('1件目 - 2件目 （全2件中）');
    expect(await list.rowFor(middle).count()).toBe(0);
    expect(await list.rowFor(oldest).count()).toBe(1);
    expect(await list.rowFor(newest).count()).toBe(1);
    expect(page.url()).toBe(`${env.server.baseUrl}${INDEX_PATH}`);
  });

  it('goes back one page after deleting the only row of the last page', async () => {
    const missing = 21 - (await env.api.total());
    await env.api.createReports(
      Array.from({ length: missing }, (_, index) => emailReport({ subject: `ページ戻り確認 ${index + 1}`, delete_password: LIST_PASSWORD })),
    );
    const { reports } = await env.api.listReports({ limit: 21 });
    const lastOne = reports[20];
    if (!lastOne || reports.length !== 21) throw new Error('expected exactly 21 reports');

    const { page } = await env.open(DESKTOP);
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    const list = reportList(page);
    expect(await list.range.textContent()).toBe('1件目 - 20件目 （全21件中）');
    await list.next.click();
    await eventually(() => list.range.textContent()).toBe('21件目 - 21件目 （全21件中）');
    await waitForListSettled(page);
    expect(await list.rows.count()).toBe(1);

    await list.rowFor(lastOne.report_id).getByRole('button', { name: '削除', exact: true }).click();
    const modal = deleteModal(page);
    await modal.password.fill(LIST_PASSWORD);
    await modal.confirm.click();
    await modal.root.getByText('削除しました', { exact: true }).waitFor();
    await modal.close.click();

    await eventually(() => list.range.textContent()).toBe('1件目 - 20件目 （全20件中）');
    await waitForListSettled(page);
    expect(await list.rows.count()).toBe(20);
    expect(await list.rowFor(lastOne.report_id).count()).toBe(0);
    // 20 reports fit on one page: the paging buttons are gone (SPEC §9).
    expect(await list.previous.count()).toBe(0);
    expect(await list.next.count()).toBe(0);
    expect(await env.api.total()).toBe(20);
  });
});

describe.each(VIEWPORTS)('deleting from the detail page ($name)', ({ name, viewport }) => {
  it('locks after three wrong passwords; the first two say the password does not match', async () => {
    const reportId = await env.api.createReport(emailReport({ subject: `ロック確認 ${name}`, delete_password: '1111' }));
    const { page } = await env.open(viewport);
    await page.goto(detailPath(reportId));
    const detail = reportDetail(page);
    await detail.deleteButton.click();
    const modal = deleteModal(page);
    await modal.root.waitFor();
    await eventually(() => modal.password.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await modal.confirm.isDisabled()).toBe(true);
    await modal.password.pressSequentially('９a9');
    expect(await modal.password.inputValue()).toBe('99');
    expect(await modal.confirm.isDisabled()).toBe(true);
    await modal.password.pressSequentially('99');
    expect(await modal.password.inputValue()).toBe('9999');
    await eventually(() => modal.confirm.isEnabled()).toBe(true);
    await checkScreen(page, `delete-modal-input-${name}`, { fullPage: false });

    const attempt = async (send: () => Promise<void>) => {
      const answer = page.waitForResponse((response) => response.request().method() === 'DELETE');
      await send();
      return (await answer).status();
    };

    expect(await attempt(() => modal.confirm.click())).toBe(401);
    await eventually(() => modal.fieldError.textContent()).toBe(WRONG);
    await eventually(() => modal.password.isEnabled()).toBe(true);
    expect(await modal.password.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, `delete-modal-wrong-${name}`, { fullPage: false });

    await modal.password.fill('8888');
    expect(await attempt(() => modal.password.press('Enter'))).toBe(401);
    await eventually(() => modal.fieldError.textContent()).toBe(WRONG);
    await eventually(() => modal.password.isEnabled()).toBe(true);
    expect(await modal.root.getByText(LOCKED).count()).toBe(0);

    await modal.password.fill('7777');
    expect(await attempt(() => modal.confirm.click())).toBe(429);
    await modal.root.getByText(LOCKED, { exact: true }).waitFor();
    expect(await modal.root.getByText(WRONG).count()).toBe(0);
    expect(await modal.password.isDisabled()).toBe(true);
    expect(await modal.confirm.isDisabled()).toBe(true);
    await checkScreen(page, `delete-modal-locked-${name}`, { fullPage: false });

    // Reopening clears the flags on screen, but the server keeps the lock, even for the right password.
    await modal.cancel.click();
    await modal.root.waitFor({ state: 'detached' });
    await detail.deleteButton.click();
    await modal.root.waitFor();
    expect(await modal.root.getByText(LOCKED).count()).toBe(0);
    expect(await modal.password.isEnabled()).toBe(true);
    await modal.password.fill('1111');
    await modal.confirm.click();
    await modal.root.getByText(LOCKED, { exact: true }).waitFor();
    expect(await env.api.reportStatus(reportId)).toBe(200);
  });

  it('deletes with the right password confirmed by Enter, then closing goes to the site root', async () => {
    const [keptId, reportId] = (await env.api.createReports([
      smsReport({ body: `残る報告 ${name}`, delete_password: '3333' }),
      emailReport({ subject: `削除する報告 ${name}`, delete_password: '2222' }),
    ])) as [string, string];
    const { page } = await env.open(viewport);
    await page.goto(detailPath(reportId));
    const detail = reportDetail(page);
    await detail.deleteButton.click();
    const modal = deleteModal(page);
    await modal.password.pressSequentially('2222');
    await modal.password.press('Enter');
    await modal.root.getByText('削除しました', { exact: true }).waitFor();
    expect(await modal.password.count()).toBe(0);
    expect(await env.api.reportStatus(reportId)).toBe(404);

    const rootRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/' && request.isNavigationRequest());
    await modal.close.click();
    await rootRequest;
    // SPEC §2.8 sends the browser to the site root, which SPEC §2.1 redirects to the training login.
    await page.waitForURL((url) => url.pathname === '/corporate/login');
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    const list = reportList(page);
    expect(await list.rowFor(reportId).count()).toBe(0);
    expect(await list.rowFor(keptId).count()).toBe(1);

    const response = await page.goto(detailPath(reportId));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'フィッシング情報が見つかりませんでした。' }).waitFor();
    expect(await reportDetail(page).root.count()).toBe(0);
  });
});

describe.each(VIEWPORTS)('the list’s delete dialog, loaded after first paint ($name)', ({ name, viewport }) => {
  it('says so when its code cannot be downloaded, and opens at the next click once it can', async () => {
    const reportId = await env.api.createReport(smsReport({ body: `削除ダイアログの読み込み ${name}`, delete_password: LIST_PASSWORD }));
    const { page } = await env.open(viewport);
    // A flaky connection: the dialog's code does not arrive, neither when idle nor at the click.
    const dialogCode = /\/assets\/delete-modal-[\w-]+\.js$/;
    await page.route(dialogCode, (route) => route.abort());
    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    const deleteButton = reportList(page).rowFor(reportId).getByRole('button', { name: '削除', exact: true });
    await deleteButton.click();
    const unavailable = page.getByRole('alert').filter({ hasText: '画面を読み込めませんでした。通信環境をご確認のうえ、もう一度お試しください。' });
    await unavailable.waitFor();
    expect(await deleteModal(page).root.count()).toBe(0);
    // It takes focus (and so comes into view), as the dialog would have.
    await eventually(() => unavailable.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkScreen(page, `delete-dialog-unavailable-${name}`, { fullPage: false });
    await unavailable.getByRole('button', { name: '閉じる' }).click();
    await unavailable.waitFor({ state: 'detached' });

    // The connection is back: the next click downloads it again and the dialog opens.
    await page.unroute(dialogCode);
    await deleteButton.click();
    const modal = deleteModal(page);
    await modal.root.waitFor();
    await modal.password.fill(LIST_PASSWORD);
    await modal.confirm.click();
    await modal.root.getByText('削除しました', { exact: true }).waitFor();
    expect(await env.api.reportStatus(reportId)).toBe(404);
  });
});
