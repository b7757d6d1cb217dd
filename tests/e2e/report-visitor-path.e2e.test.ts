import fs from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORIGINAL_FOLDER } from '../../src/server/features/phishing-reports/screenshot-publisher';
import { checkScreen } from './support/axe';
import { emailReport, smsReport } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { type Viewport, useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { INDEX_PATH, detailPath, fillReportForm, linkTexts, naturalWidth, reportDetail, reportForm, reportLinkOf, reportList, waitForListSettled } from './support/report-pages';

/**
 * Issue 13, parts 2 and 4 on the visitor's side: search and 「同様の報告」 on the list, the list's
 * place kept in the URL, header links that land on their section, the screenshot still being
 * redacted, touch wording and the SMS placeholder. At 390 and 1280 px, axe-clean, no sideways scroll.
 */
const env = useE2EEnvironment({
  // One OCR worker with room to queue: a few analyses ahead of a new report keep its screenshot
  // "being redacted" long enough to look at, and it is still published once they are done.
  OCR_WORKERS: '1',
  OCR_QUEUE_LIMIT: '8',
  OCR_QUEUE_TIMEOUT_MS: '120000',
  RATE_LIMIT_SCREENSHOT_ANALYZE: '1000',
});

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/screenshots');
const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file));
const PUBLISH_TIMEOUT = 90_000;

/** Where the test server keeps the private originals of uploads (LocalFileStorage under DATA_DIR). */
const originalsFolder = () => path.join(env.server.dataDir, 'storage', 'private', ORIGINAL_FOLDER);
const storedOriginals = (): string[] => (fs.existsSync(originalsFolder()) ? fs.readdirSync(originalsFolder()) : []);

const RAKUTEN_SUBJECTS = ['【楽天カード】ご利用確認のお願い', '【楽天市場】注文内容の確認'];

async function expectNoSidewaysScroll(page: Page, viewport: Viewport): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
}

/** The section's top edge relative to the viewport, once layout has settled. */
const sectionTop = (page: Page, id: string) => page.evaluate((sectionId) => Math.round(document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN), id);

/**
 * The list is on screen from its top: at the top of the viewport, or lower when the page ends
 * before it could scroll that far (a short list of three).
 */
async function expectListInView(page: Page, viewport: Viewport): Promise<void> {
  await eventually(async () => {
    const top = await sectionTop(page, 'report-list');
    const atBottom = await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
    return top >= 0 && (top <= 16 || (atBottom && top < viewport.height / 3));
  }).toBe(true);
}

async function openList(viewport: Viewport, url = INDEX_PATH) {
  const opened = await env.open(viewport);
  await opened.page.goto(url);
  await waitForListSettled(opened.page);
  return { ...opened, list: reportList(opened.page) };
}

describe('seeded list', () => {
  it('seeds the reports the tests search and group', async () => {
    // Oldest first. Three SMS from one number (in three spellings) make a group; 25 fillers make pages.
    await env.api.createReports([
      ...Array.from({ length: 25 }, (_, index) =>
        emailReport({ source_info: `filler${index}@example.net`, subject: `お知らせ ${String(index + 1).padStart(2, '0')}`, body: `ご確認ください ${index}` }),
      ),
      emailReport({ source_info: 'info@rakuten-card-check.example', subject: RAKUTEN_SUBJECTS[0] ?? '' }),
      smsReport({ source_info: '08044447777', body: '【重要】お支払いが確認できません。至急ご確認ください。' }),
      emailReport({ source_info: 'order@rakuten-ichiba-mail.example', subject: RAKUTEN_SUBJECTS[1] ?? '' }),
      smsReport({ source_info: '+81 80-4444-7777', body: 'お客様のアカウントが停止されました。' }),
      smsReport({ source_info: '０８０－４４４４－７７７７', body: 'ポイントの有効期限が近づいています。' }),
    ]);
    expect(await env.api.total()).toBe(30);
  });
});

describe.each(VIEWPORTS)('search ($name)', ({ name, viewport }) => {
  it('keeps the query in the URL across reload and back, combines it with the filter, and clears it', async () => {
    const { page, list } = await openList(viewport);
    await list.search.fill('楽天');
    await list.searchButton.click();
    await page.waitForURL((url) => url.searchParams.get('q') === '楽天');
    await eventually(() => linkTexts(page)).toEqual([RAKUTEN_SUBJECTS[1], RAKUTEN_SUBJECTS[0]]);
    expect((await list.summary.textContent())?.trim()).toBe('「楽天」を含む報告：2件');
    await expectNoSidewaysScroll(page, viewport);
    await checkScreen(page, `search-results-${name}`);

    // Reload: the same search, the box still says what was searched.
    await page.reload();
    await waitForListSettled(page);
    expect(await list.search.inputValue()).toBe('楽天');
    await eventually(() => linkTexts(page)).toEqual([RAKUTEN_SUBJECTS[1], RAKUTEN_SUBJECTS[0]]);

    // Combined with the filter; an empty combination says so in words.
    await list.filter('SMS').click();
    await page.waitForURL((url) => url.searchParams.get('receipt_method') === 'sms' && url.searchParams.get('q') === '楽天');
    await list.noResults.waitFor();
    expect((await list.noResults.textContent())?.trim()).toBe('「楽天」に一致する報告は見つかりませんでした');
    expect((await list.summary.textContent())?.trim()).toBe('「楽天」を含むSMSの報告：0件');
    await checkScreen(page, `search-empty-${name}`);

    // Back: the search without the filter; back again: the whole list.
    await page.goBack();
    await eventually(() => linkTexts(page)).toEqual([RAKUTEN_SUBJECTS[1], RAKUTEN_SUBJECTS[0]]);
    await eventually(() => list.filter('すべて').getAttribute('aria-pressed')).toBe('true');
    await page.goBack();
    await eventually(() => list.rows.count()).toBe(20);
    await eventually(() => list.search.inputValue()).toBe('');
    expect(await list.summary.count()).toBe(0);

    // A phone number matches whatever way it was written.
    await list.search.fill('08044447777');
    await list.search.press('Enter');
    await eventually(() => list.rows.count()).toBe(3);
    expect((await list.summary.textContent())?.trim()).toBe('「08044447777」を含む報告：3件');

    // The clear button empties the box and shows every report again.
    await list.clearSearch.click();
    await eventually(() => list.rows.count()).toBe(20);
    expect(await list.search.inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
    await eventually(() => list.search.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe.each(VIEWPORTS)('同様の報告 ($name)', ({ name, viewport }) => {
  it('links a row and the detail page to the reports of the same sender', async () => {
    const group = (await env.api.listReports({ limit: 100 })).reports.filter((report) => report.phone_number?.replace(/\D/g, '') === '08044447777');
    expect(group).toHaveLength(3);
    const [newest] = group;
    if (!newest) throw new Error('no grouped report');

    const { page, list } = await openList(viewport);
    const row = list.rowFor(newest.report_id);
    const similar = row.getByRole('link', { name: '同様の報告 2件' });
    await similar.waitFor();
    await checkScreen(page, `similar-row-${name}`);
    await similar.click();
    await page.waitForURL((url) => url.searchParams.get('similar_to') === newest.report_id && url.hash === '#report-list');
    await eventually(() => list.rows.count()).toBe(3);
    expect((await list.summary.textContent())?.trim()).toBe('同様の報告：3件');
    // Every row is of the group already: no link to it again.
    expect(await list.similarLinks.count()).toBe(0);
    await expectListInView(page, viewport);
    await expectNoSidewaysScroll(page, viewport);
    await checkScreen(page, `similar-list-${name}`);

    // Reload keeps the group; 「すべての報告を表示」 goes back to everything.
    await page.reload();
    await waitForListSettled(page);
    await eventually(() => list.rows.count()).toBe(3);
    await list.showAll.click();
    await eventually(() => list.rows.count()).toBe(20);
    expect(new URL(page.url()).search).toBe('');

    // The detail page has the same link, to the same place.
    await page.goto(detailPath(newest.report_id));
    const detail = reportDetail(page);
    const detailLink = detail.root.getByRole('link', { name: '同様の報告 2件' });
    await detailLink.waitFor();
    await checkScreen(page, `similar-detail-${name}`);
    await detailLink.click();
    await page.waitForURL((url) => url.pathname === INDEX_PATH && url.searchParams.get('similar_to') === newest.report_id);
    await waitForListSettled(page);
    await eventually(() => list.rows.count()).toBe(3);
    await expectListInView(page, viewport);
  });
});

describe.each(VIEWPORTS)('the list keeps its place ($name)', ({ viewport }) => {
  it('puts the page in the URL, so reload and back keep it', async () => {
    const { page, list } = await openList(viewport);
    expect(await list.range.textContent()).toBe('1件目 - 20件目 （全30件中）');
    await list.next.click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await eventually(() => list.range.textContent()).toBe('21件目 - 30件目 （全30件中）');

    await page.reload();
    await waitForListSettled(page);
    expect(await list.range.textContent()).toBe('21件目 - 30件目 （全30件中）');
    // Reloaded onto the list itself, not the top of the page.
    await eventually(() => sectionTop(page, 'report-list')).toBeLessThanOrEqual(16);

    // A report opened from page 2, and 一覧に戻る: page 2 again.
    await reportLinkOf(list.rows.first()).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${INDEX_PATH}/`));
    await reportDetail(page).back.click();
    await page.waitForURL((url) => url.pathname === INDEX_PATH && url.searchParams.get('page') === '2');
    await waitForListSettled(page);
    await eventually(() => list.range.textContent()).toBe('21件目 - 30件目 （全30件中）');

    await page.goBack();
    await eventually(() => list.range.textContent()).toBe('1件目 - 20件目 （全30件中）');
    await page.goForward();
    await eventually(() => list.range.textContent()).toBe('21件目 - 30件目 （全30件中）');

    // A page that no longer exists shows the last one instead of an empty list.
    await page.goto(`${INDEX_PATH}?page=9#report-list`);
    await waitForListSettled(page);
    await eventually(() => list.range.textContent()).toBe('21件目 - 30件目 （全30件中）');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  });
});

describe.each(VIEWPORTS)('header links ($name)', ({ name, viewport }) => {
  it('land on the list and on the form, from another page and on a fresh load', async () => {
    const [someReport] = (await env.api.listReports({ limit: 1 })).reports;
    if (!someReport) throw new Error('no report');
    const { page } = await env.open(viewport);
    const header = page.getByRole('navigation', { name: 'サイト内' });

    await page.goto(detailPath(someReport.report_id));
    await reportDetail(page).heading.waitFor();
    await header.getByRole('link', { name: '報告一覧' }).click();
    await page.waitForURL((url) => url.pathname === INDEX_PATH && url.hash === '#report-list');
    await waitForListSettled(page);
    await eventually(() => sectionTop(page, 'report-list')).toBeLessThanOrEqual(16);
    expect(await sectionTop(page, 'report-list')).toBeGreaterThanOrEqual(0);
    await checkScreen(page, `header-list-${name}`, { fullPage: false });

    await page.goto(detailPath(someReport.report_id));
    await reportDetail(page).heading.waitFor();
    await header.getByRole('link', { name: '報告する' }).click();
    await page.waitForURL((url) => url.pathname === INDEX_PATH && url.hash === '#report-form');
    await reportForm(page).submit.waitFor();
    await waitForListSettled(page);
    await eventually(() => sectionTop(page, 'report-form')).toBeLessThanOrEqual(16);
    expect(await sectionTop(page, 'report-form')).toBeGreaterThanOrEqual(0);
    await checkScreen(page, `header-form-${name}`, { fullPage: false });

    // A fresh load of the list's address lands on the list too.
    const fresh = await env.open(viewport);
    await fresh.page.goto(`${INDEX_PATH}#report-list`);
    await waitForListSettled(fresh.page);
    await eventually(() => sectionTop(fresh.page, 'report-list')).toBeLessThanOrEqual(16);
    expect(await sectionTop(fresh.page, 'report-list')).toBeGreaterThanOrEqual(0);
  });
});

/** The placeholder's text width (in the field's own font) against the room inside the field. */
async function expectPlaceholderFits(field: Locator): Promise<void> {
  const fit = await field.evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: input.placeholder, width: Math.ceil(context.measureText(input.placeholder).width), room: Math.floor(room) };
  });
  expect(fit.text).not.toBe('');
  expect(fit.width, `「${fit.text}」 is ${fit.width}px in a ${fit.room}px field`).toBeLessThanOrEqual(fit.room);
}

describe('placeholders', () => {
  it.each(VIEWPORTS)('fit their boxes: the SMS sender and the search ($name)', async ({ name, viewport }) => {
    const { page } = await env.open(viewport);
    await page.goto(INDEX_PATH);
    const form = reportForm(page);
    await form.smsTab.click();
    await form.smsSource.waitFor();
    await expectPlaceholderFits(form.smsSource);
    await expectPlaceholderFits(reportList(page).search);
    await expectNoSidewaysScroll(page, viewport);
    await checkScreen(page, `sms-placeholder-${name}`, { fullPage: false });
  });
});

/** The image hint of a detail page, for each way of pointing. */
async function expectEnlargeHint(detail: ReturnType<typeof reportDetail>, shown: string, hidden: string): Promise<void> {
  expect(await detail.screenshotButton.getByText(shown).isVisible()).toBe(true);
  expect(await detail.screenshotButton.getByText(hidden).isVisible()).toBe(false);
}

/**
 * One report still being redacted and one whose redaction fails, each looked at on a phone and on a
 * desktop side by side. What keeps a report "being redacted" is real OCR work queued ahead of it on
 * the one worker, the dearest thing in this file: one backlog serves both widths and both states
 * (docs/performance.md, "CI time, round 6").
 */
describe('a screenshot still being redacted', () => {
  let pendingReportId = '';
  let failingReportId = '';

  it('says so on the list and the detail page at 390 and 1280 px, then shows the image by itself', async () => {
    const phone = await openList(PHONE);
    const desktop = await openList(DESKTOP);
    const form = reportForm(desktop.page);
    await form.submit.waitFor();
    await form.screenshot.setInputFiles({ name: 'sms.png', mimeType: 'image/png', buffer: fixture('d01_sms_ios.png') });
    await fillReportForm(form, { receipt_method: 'sms', source_info: '050-1111-2222', body: '黒塗り待ちの確認', delete_password: '2468' });
    // Six analyses ahead of it for the only OCR worker (the queue holds eight).
    const backlog = Array.from({ length: 6 }, () => env.api.analyzeScreenshot({ content: fixture('d08_email_iosmail.png') }));
    const answer = desktop.page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/phishing-reports');
    await form.submit.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    pendingReportId = ((await response.json()) as { data: { report_id: string } }).data.report_id;

    // The next report waits behind it (the publisher does one at a time); its private original is
    // lost before its turn (a storage fault), so it fails the way any failed redaction does. The
    // second test looks at it.
    const originalsBefore = new Set(storedOriginals());
    failingReportId = await env.api.createReport(smsReport({ body: '黒塗り失敗の確認', publish_screenshot: '1' }), { content: fixture('d01_sms_ios.png'), filename: 'sms.png' });
    const ours = storedOriginals().filter((file) => !originalsBefore.has(file));
    expect(ours).toHaveLength(1);
    fs.rmSync(path.join(originalsFolder(), ours[0] ?? ''));
    void Promise.all(backlog);

    await desktop.list.rowFor(pendingReportId).getByText('画像を黒塗り処理中です').waitFor();
    await checkScreen(desktop.page, 'redaction-pending-list-1280px');
    await phone.page.reload();
    await waitForListSettled(phone.page);
    await phone.list.rowFor(pendingReportId).getByText('画像を黒塗り処理中です').waitFor();
    await checkScreen(phone.page, 'redaction-pending-list-390px');

    await form.successBox.getByRole('link', { name: '報告した内容を見る' }).click();
    await desktop.page.waitForURL((url) => url.pathname === detailPath(pendingReportId));
    await phone.page.goto(detailPath(pendingReportId));
    const sides = [
      { name: viewportName(PHONE), viewport: PHONE, ...phone },
      { name: viewportName(DESKTOP), viewport: DESKTOP, ...desktop },
    ];
    const pendingNotes = [];
    for (const { name, viewport, page } of sides) {
      const detail = reportDetail(page);
      const pending = detail.root.getByRole('status').filter({ hasText: '画像を黒塗り処理中です' });
      await pending.waitFor();
      expect(await detail.screenshotImage.count()).toBe(0);
      await expectNoSidewaysScroll(page, viewport);
      await checkScreen(page, `redaction-pending-detail-${name}`);
      pendingNotes.push(pending);
    }

    // No reload: each page asks again until the redacted copy is there.
    for (const [index, { name, page }] of sides.entries()) {
      const detail = reportDetail(page);
      await detail.screenshotImage.waitFor({ timeout: PUBLISH_TIMEOUT });
      await eventually(() => naturalWidth(detail.screenshotImage)).toBeGreaterThan(0);
      expect(await pendingNotes[index]?.count()).toBe(0);
      await expectEnlargeHint(detail, 'クリックで拡大', 'タップで拡大');
      await checkScreen(page, `redaction-done-detail-${name}`);

      // Back on the list, the row has its thumbnail.
      await page.goBack();
      await waitForListSettled(page);
      const row = reportList(page).rowFor(pendingReportId);
      await row.getByRole('button', { name: 'スクリーンショットを拡大' }).waitFor({ timeout: PUBLISH_TIMEOUT });
      expect(await row.getByText('画像を黒塗り処理中です').count()).toBe(0);
    }

    // On a touch screen (a coarse pointer that cannot hover) the hint says tap; the user agent is
    // left as it is, so the wording cannot come from sniffing it.
    for (const { name, viewport } of sides) {
      const touch = await env.open(viewport, { hasTouch: true });
      expect(await touch.page.evaluate(() => matchMedia('(pointer: coarse) and (hover: none)').matches)).toBe(true);
      await touch.page.goto(detailPath(pendingReportId));
      const touchDetail = reportDetail(touch.page);
      await touchDetail.screenshotImage.waitFor();
      await expectEnlargeHint(touchDetail, 'タップで拡大', 'クリックで拡大');
      // Not full page: Chromium's full-page capture drops the touch emulation, and the picture would say click.
      await touchDetail.screenshotButton.scrollIntoViewIfNeeded();
      await checkScreen(touch.page, `tap-to-enlarge-${name}`, { fullPage: false });
    }
  });

  it.each(VIEWPORTS)('says the image will not be published when redaction fails ($name)', async ({ name, viewport }) => {
    expect(failingReportId).not.toBe('');
    const { page } = await env.open(viewport);
    await page.goto(detailPath(failingReportId));
    const detail = reportDetail(page);
    const failedNote = detail.root.getByRole('status').filter({ hasText: '画像は公開されません' });
    await failedNote.waitFor({ timeout: PUBLISH_TIMEOUT });
    expect(await detail.screenshotImage.count()).toBe(0);
    await expectNoSidewaysScroll(page, viewport);
    await checkScreen(page, `redaction-failed-detail-${name}`);

    await page.goto(INDEX_PATH);
    await waitForListSettled(page);
    await reportList(page).rowFor(failingReportId).getByText('画像は公開されません').waitFor();
    await checkScreen(page, `redaction-failed-list-${name}`);
  });
});
