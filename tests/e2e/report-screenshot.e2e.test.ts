import { type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './support/axe';
import { reportMessages } from '../../src/common/messages';
import { smallPng } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import {
  INDEX_PATH,
  detailPath,
  fillReportForm,
  imageViewer,
  naturalWidth,
  reportDetail,
  reportForm,
  reportList,
  waitForListSettled,
} from './support/report-pages';

/** SPEC §2.5 (screenshot + publish checkbox), §2.6 (thumbnail + popup viewer), §2.7 (click to enlarge). */
const env = useE2EEnvironment();

let png: Buffer;
beforeAll(async () => {
  png = await smallPng(300, 900);
});

/** Reports an e-mail with the PNG attached through the form; returns the new report id. */
async function reportWithScreenshot(page: Page, subject: string, publish: boolean): Promise<string> {
  await page.goto(INDEX_PATH);
  await waitForListSettled(page);
  const form = reportForm(page);
  await form.screenshot.setInputFiles({ name: 'phishing-mail.png', mimeType: 'image/png', buffer: png });
  // The chosen file is previewed before sending.
  const preview = form.root.getByRole('img', { name: '選択したスクリーンショットのプレビュー' });
  await preview.waitFor();
  await eventually(() => naturalWidth(preview)).toBeGreaterThan(0);
  expect(await form.publishScreenshot.isChecked()).toBe(true);
  if (!publish) await form.publishScreenshot.uncheck();
  await fillReportForm(form, {
    receipt_method: 'email',
    source_info: 'support@apple-id-verify.example',
    subject,
    body: 'Apple IDがロックされました。以下から本人確認を行ってください。',
    delete_password: '4444',
  });
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/phishing-reports');
  await form.submit.click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { report_id: string } };
  await form.successBox.waitFor();
  // A screenshot to publish is blacked out automatically first, and the message says so.
  const notice = (await form.successBox.textContent()) ?? '';
  expect(notice.includes(reportMessages.screenshotPublishedAfterRedaction)).toBe(publish);
  // The form reset also forgets the file.
  expect(await preview.count()).toBe(0);
  return data.report_id;
}

describe.each([
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
])('published screenshot ($name)', ({ name, viewport }) => {
  it('shows a thumbnail in the list that opens the viewer, and an enlargeable image on the detail page', async () => {
    const { page } = await env.open(viewport);
    const reportId = await reportWithScreenshot(page, `スクリーンショット公開 ${name}`, true);
    // The redacted copy is made in the background; once it exists the list shows it.
    await eventually(async () => (await env.api.getReport(reportId)).screenshot_url, 60_000).toEqual(expect.any(String));
    const saved = await env.api.getReport(reportId);
    expect(saved.publish_screenshot).toBe(true);
    expect(saved.thumbnail_url).toEqual(expect.any(String));
    await page.reload();
    await waitForListSettled(page);

    const list = reportList(page);
    const row = list.rowFor(reportId);
    await row.waitFor();
    const thumb = row.getByRole('button', { name: 'スクリーンショットを拡大' });
    await thumb.waitFor();
    // The thumbnail loads lazily, when the visitor scrolls to it.
    await thumb.scrollIntoViewIfNeeded();
    await eventually(() => naturalWidth(thumb.locator('img'))).toBeGreaterThan(0);
    // The button shows the small thumbnail; the viewer the full redacted copy.
    expect(await thumb.locator('img').getAttribute('src')).toBe(saved.thumbnail_url);

    await thumb.click();
    const viewer = imageViewer(page);
    await viewer.root.waitFor();
    await eventually(() => naturalWidth(viewer.image)).toBeGreaterThan(0);
    expect(await viewer.image.getAttribute('src')).toBe(saved.screenshot_url);
    await checkScreen(page, `image-viewer-${name}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await viewer.root.waitFor({ state: 'detached' });

    await page.goto(detailPath(reportId));
    const detail = reportDetail(page);
    await detail.heading.waitFor();
    await eventually(() => naturalWidth(detail.screenshotImage)).toBeGreaterThan(0);
    expect(await detail.screenshotImage.getAttribute('alt')).toBe('報告されたスクリーンショット');
    const inline = await detail.screenshotImage.boundingBox();
    await detail.screenshotButton.click();
    await viewer.root.waitFor();
    await eventually(() => naturalWidth(viewer.image)).toBeGreaterThan(0);
    // Enlarged: the viewer shows the picture bigger than the inline one.
    const enlarged = await viewer.image.boundingBox();
    expect(enlarged?.height ?? 0).toBeGreaterThan(inline?.height ?? Number.POSITIVE_INFINITY);
    await checkScreen(page, `detail-image-viewer-${name}`, { fullPage: false });
    await viewer.close.click();
    await viewer.root.waitFor({ state: 'detached' });
  });
});

describe('unpublished screenshot', () => {
  it('shows no thumbnail in the list and no image on the detail page', async () => {
    const { page } = await env.open(DESKTOP);
    const reportId = await reportWithScreenshot(page, 'スクリーンショット非公開', false);
    const saved = await env.api.getReport(reportId);
    expect(saved.publish_screenshot).toBe(false);
    expect(saved.screenshot_url).toBeNull();
    expect(saved.thumbnail_url).toBeNull();

    const row = reportList(page).rowFor(reportId);
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'スクリーンショットを拡大' }).count()).toBe(0);
    expect(await row.locator('img').count()).toBe(0);

    await page.goto(detailPath(reportId));
    const detail = reportDetail(page);
    await detail.heading.waitFor();
    expect(await detail.root.getByRole('img').count()).toBe(0);
    expect(await detail.root.getByRole('heading', { name: 'スクリーンショット' }).count()).toBe(0);
  });
});
