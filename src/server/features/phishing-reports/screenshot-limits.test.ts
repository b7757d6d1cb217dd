import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_ASPECT_RATIO, SCREENSHOT_MAX_SIDE } from '../../../common/limits';
import { reportMessages } from '../../../common/messages';
import { IMAGE_WORK_SLOTS, IMAGE_WORK_WAIT_LIMIT, imageWork } from '../../lib/image-work-queue';
import { callApi, createAccount } from '../../test/account-factories';
import { blackPng } from '../../test/image-factories';
import { multipartPayload, pngWithMetadata, smsReportFields, submitReport } from '../../test/report-factories';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';
import { createScreenshotAnalyzer } from '../screenshot-ocr/screenshot-analyzer';
import type { ScreenshotAnalyzer } from '../screenshot-ocr/screenshot-ocr.types';

/**
 * Issue #9, item 4: a 76 KB PNG of 1 × 39,000,000 pixels passed the pixel cap and tied up the
 * server (11.5 s per submit, 500 after a minute on analyze-screenshot), and image work filled the
 * thread pool that password hashing needs.
 */

let analyzer: ScreenshotAnalyzer;
let context: TestContext;
beforeAll(async () => {
  // The real analyzer: its checks are under test. Its OCR workers start only if a test gets that far.
  analyzer = createScreenshotAnalyzer({ size: 1, queueLimit: 4, queueTimeoutMs: 60_000 });
  context = await createTestApp(
    { RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_SCREENSHOT_ANALYZE: '1000', RATE_LIMIT_LOGIN: '1000' },
    { screenshotAnalyzer: analyzer },
  );
});
afterAll(async () => {
  await context.close();
  await analyzer.close();
});

async function analyze(content: Buffer) {
  const { payload, headers } = await multipartPayload({}, { content });
  return context.app.inject(withCsrf(context, { method: 'POST', url: '/api/phishing-reports/analyze-screenshot', payload, headers }));
}

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The 422 a screenshot of impossible proportions gets; measured before decoding, so it is quick. */
const QUICK_REFUSAL_MS = 2_000;

describe('screenshot proportions', () => {
  it('refuses a 76 KB PNG of 1 × 39,000,000 pixels at once with 422, on submit and on analyze-screenshot', async () => {
    const needle = await blackPng({ width: 1, height: 39_000_000 });
    expect(needle.length).toBeLessThan(100 * 1024);

    const submitted = await timed(() => submitReport(context, smsReportFields(), { content: needle }));
    expect(submitted.result.statusCode).toBe(422);
    expect(submitted.result.json().errors.screenshot).toEqual([reportMessages.screenshotBadDimensions]);
    expect(submitted.ms).toBeLessThan(QUICK_REFUSAL_MS);

    const analysed = await timed(() => analyze(needle));
    expect(analysed.result.statusCode).toBe(422);
    expect(analysed.result.json()).toEqual({
      success: false,
      message: reportMessages.analyzeFailed,
      errors: { screenshot: [reportMessages.screenshotBadDimensions] },
    });
    expect(analysed.ms).toBeLessThan(QUICK_REFUSAL_MS);
  });

  it(`refuses a side over ${SCREENSHOT_MAX_SIDE} px or a shape longer than 1:${SCREENSHOT_MAX_ASPECT_RATIO}, and keeps long scrolling captures`, async () => {
    const refused = [
      { width: SCREENSHOT_MAX_SIDE + 1, height: 600 },
      { width: 800, height: SCREENSHOT_MAX_SIDE + 1 },
      { width: 300, height: 300 * SCREENSHOT_MAX_ASPECT_RATIO + 1 },
      { width: 200 * SCREENSHOT_MAX_ASPECT_RATIO + 1, height: 200 },
    ];
    for (const size of refused) {
      const image = await blackPng(size);
      for (const answer of [await submitReport(context, smsReportFields(), { content: image }), await analyze(image)]) {
        expect(answer.statusCode, `${size.width}×${size.height}`).toBe(422);
        expect(answer.json().errors.screenshot).toEqual([reportMessages.screenshotBadDimensions]);
      }
    }
    // A scrolling capture of a whole SMS thread (about 1:13) and the extremes that are still allowed.
    const accepted = [
      { width: 1080, height: 14_000 },
      { width: 400, height: 400 * SCREENSHOT_MAX_ASPECT_RATIO },
      { width: SCREENSHOT_MAX_SIDE, height: 1000 },
    ];
    for (const size of accepted) {
      const answer = await submitReport(context, smsReportFields({ publish_screenshot: '0' }), { content: await blackPng(size) });
      expect(answer.statusCode, `${size.width}×${size.height}`).toBe(201);
    }
  });
});

describe('image work beside password hashing', () => {
  it('answers a sign-in in about its normal time while four heavy images are being decoded', async () => {
    const account = await createAccount(context);
    const login = () => callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
    expect((await login()).statusCode).toBe(200);
    const quiet: number[] = [];
    for (let i = 0; i < 3; i += 1) quiet.push((await timed(login)).ms);
    const normal = quiet.sort((a, b) => a - b)[1]!;

    // Within every limit, yet each takes a second or more to decode: 12 megapixels of 16-bit RGBA, interlaced.
    const heavy = await blackPng({ width: 3000, height: 4000, pixels: 'rgba16', interlaced: true });
    const uploads = Array.from({ length: 4 }, () => submitReport(context, smsReportFields({ publish_screenshot: '0' }), { content: heavy }));
    // All four have reached the image stage: one or two are being decoded, the others wait their turn.
    await until(() => imageWork.active === Math.min(uploads.length, IMAGE_WORK_SLOTS) && imageWork.active + imageWork.queued === uploads.length, 20_000);

    const signIn = await timed(login);
    const stillBusy = imageWork.active;
    expect(signIn.result.statusCode).toBe(200);
    // It took about its usual time: sharing the cores with the image being decoded costs a little;
    // waiting for a free thread behind the four images cost many times the normal time.
    expect(signIn.ms, `normal ${normal.toFixed(0)} ms`).toBeLessThan(normal * 3 + 1000);
    // And the images were still being worked on when it answered.
    expect(stillBusy).toBeGreaterThan(0);

    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
  }, 120_000);
});

describe('a full image queue', () => {
  it('answers 503 with the Japanese message on submit and on analyze-screenshot, and takes images again once it drains', async () => {
    let open!: () => void;
    const held = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holders = Array.from({ length: IMAGE_WORK_SLOTS + IMAGE_WORK_WAIT_LIMIT }, () => imageWork.run(() => held));
    const screenshot = await pngWithMetadata();
    try {
      for (const answer of [await submitReport(context, smsReportFields({ publish_screenshot: '0' }), { content: screenshot }), await analyze(screenshot)]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({ success: false, message: reportMessages.screenshotBusy });
      }
    } finally {
      open();
      await Promise.all(holders);
    }
    expect((await submitReport(context, smsReportFields({ publish_screenshot: '0' }), { content: screenshot })).statusCode).toBe(201);
  });
});
