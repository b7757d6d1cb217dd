import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { openDatabase } from '../../db/database';
import { JobsRepository } from '../../lib/jobs/jobs.repo';
import { randomUrlSafeId } from '../../lib/secret-hash';
import { createTestApp, type TestContext } from '../../test/test-app';
import { blankAnalyzer } from '../../test/screenshot-analyzer-doubles';
import { deleteReport, pngWithMetadata, smsReportFields, submitOk, submitReport } from '../../test/report-factories';
import { createScreenshotAnalyzer } from '../screenshot-ocr/screenshot-analyzer';
import type { ScreenshotAnalysis, ScreenshotAnalyzer } from '../screenshot-ocr/screenshot-ocr.types';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { ScreenshotPublisher } from './screenshot-publisher';
import { testDatabaseTarget } from '../../test/test-database';

/**
 * Screenshots are published only as automatically redacted copies, by a background job that the
 * submit answer never waits for (issue #3, "Publish: automatic redaction").
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/screenshots');
interface TruthRect { x: number; y: number; w: number; h: number }
interface TruthEntry { file: string; sensitive: Array<{ kind: string; text: string; rects: TruthRect[] }> }
const truth = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'truth.json'), 'utf8')) as TruthEntry[];

/** The real analyzer, with switches so a test can hold an analysis back or make it fail. */
class ControllableAnalyzer implements ScreenshotAnalyzer {
  gate: Promise<void> | null = null;
  failing = false;
  calls = 0;

  constructor(private readonly real: ScreenshotAnalyzer) {}

  async analyze(image: Buffer): Promise<ScreenshotAnalysis> {
    this.calls += 1;
    if (this.gate) await this.gate;
    if (this.failing) throw new Error('OCR engine exploded');
    return this.real.analyze(image);
  }

  warmUp = () => this.real.warmUp();
  close = async () => undefined;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let realAnalyzer: ScreenshotAnalyzer;
let analyzer: ControllableAnalyzer;
let context: TestContext;
let repo: PhishingReportsRepository;
let startedAt: Date;

beforeAll(async () => {
  realAnalyzer = createScreenshotAnalyzer({ size: 1, queueLimit: 8, queueTimeoutMs: 60_000 });
  analyzer = new ControllableAnalyzer(realAnalyzer);
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_DELETE: '1000' }, { screenshotAnalyzer: analyzer });
  repo = new PhishingReportsRepository(context.database.db);
  startedAt = context.clock.now();
  await context.app.screenshotPublisher.drain();
}, 60_000);

afterEach(async () => {
  analyzer.gate = null;
  analyzer.failing = false;
  await context.app.screenshotPublisher.drain();
  context.clock.set(startedAt);
});

afterAll(async () => {
  await context?.close();
  await realAnalyzer?.close();
});

const publisher = () => context.app.screenshotPublisher;
const getReport = async (reportId: string) => (await context.app.inject({ url: `/api/phishing-reports/${reportId}` })).json().data;
const listedReport = async (reportId: string) =>
  (await context.app.inject({ url: '/api/phishing-reports?limit=100' })).json().data.reports.find((report: { report_id: string }) => report.report_id === reportId);

function filesIn(folder: string): string[] {
  const dir = path.join(context.dataDir, 'storage', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.tmp')) : [];
}
const publicFiles = () => [...filesIn('public/redacted-screenshots'), ...filesIn('public/screenshot-thumbnails')];

/** The report with its publishing job's claims. */
async function rowOf(reportId: string) {
  return context.database.db
    .selectFrom('phishing_reports')
    .leftJoin('jobs', 'jobs.id', 'phishing_reports.screenshot_job_id')
    .select(['phishing_reports.id', 'screenshot_status', 'screenshot_key', 'thumbnail_key', 'original_key', 'screenshot_job_id'])
    .select(['jobs.attempts as screenshot_attempts', 'jobs.claimed_by as screenshot_claim_token'])
    .where('report_id', '=', reportId)
    .executeTakeFirst();
}

/** Claims due publishing jobs as another process would (which may then crash). */
function claimJobs(instance: JobsRepository, claimedBy: string, limit = 1) {
  const now = context.clock.now();
  return instance.claim({ kinds: ['publish_screenshot'], now, staleBefore: new Date(now.getTime() - 5 * 60_000), limit, claimedBy });
}

const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, file));

/** A pending report written straight to the database, as another instance would leave it (no kick). */
async function insertPendingReport(): Promise<{ reportId: string; id: number; originalKey: string }> {
  const originalKey = `private/screenshot-originals/${randomUrlSafeId()}.png`;
  await context.storage.put(originalKey, await sharp({ create: { width: 60, height: 120, channels: 3, background: '#ffffff' } }).png().toBuffer());
  const reportId = randomUrlSafeId();
  await repo.insert({
    report_id: reportId,
    receipt_method: 'sms',
    subject: null,
    body: 'お荷物のお届けについて',
    source_email: null,
    phone_number: '09012345678',
    publish_screenshot: 1,
    screenshot_status: 'pending',
    original_key: originalKey,
    delete_password_hash: 'not-a-real-hash',
    reported_at: context.clock.now(),
  });
  const row = await rowOf(reportId);
  return { reportId, id: Number(row!.id), originalKey };
}

/** Share of a rect's pixels that are black in a decoded RGB(A) image. */
function blackShare(image: { data: Buffer; width: number; channels: number }, rect: TruthRect): number {
  let black = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const i = (y * image.width + x) * image.channels;
      if (Math.max(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) <= 16) black += 1;
    }
  }
  return black / (rect.w * rect.h);
}

describe('publishing a screenshot', () => {
  it('answers at once, serves nothing while pending, then serves the redacted copy and thumbnail', async () => {
    const file = 'd09_sms_ios_1x.png';
    const upload = await sharp(fixture(file)).withExif({ IFD0: { ImageDescription: 'SECRET-EXIF-MARKER' } }).png().toBuffer();
    // Cache the list page first: publishing must invalidate it.
    await listedReport('none');
    const before = publicFiles().length;
    const gate = deferred();
    analyzer.gate = gate.promise;

    // OCR cannot finish while the gate is shut, so an answer proves the submit does not wait for it.
    const response = await submitReport(context, smsReportFields({ publish_screenshot: '1' }), { content: upload });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.message).toBe(`${reportMessages.submitSuccess}${reportMessages.screenshotPublishedAfterRedaction}`);
    const reportId = response.json().data.report_id as string;

    for (const report of [await getReport(reportId), await listedReport(reportId)]) {
      expect(report).toMatchObject({ publish_screenshot: true, screenshot_status: 'pending', screenshot_url: null, thumbnail_url: null });
    }
    expect((await rowOf(reportId))?.screenshot_status).toBe('pending');
    expect(publicFiles().length).toBe(before);

    gate.resolve();
    await publisher().drain();
    const report = await getReport(reportId);
    expect(report.screenshot_url).toMatch(/^\/media\/redacted-screenshots\/[A-Za-z0-9_-]{22}\.png$/);
    expect(report.thumbnail_url).toMatch(/^\/media\/screenshot-thumbnails\/[A-Za-z0-9_-]{22}\.png$/);
    expect(report.screenshot_status).toBe('published');
    expect(await listedReport(reportId)).toMatchObject({ screenshot_status: 'published', screenshot_url: report.screenshot_url, thumbnail_url: report.thumbnail_url });
    expect((await rowOf(reportId))?.screenshot_status).toBe('published');
    expect(publicFiles().length).toBe(before + 2);

    const image = await context.app.inject({ url: report.screenshot_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    const decoded = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([decoded.info.width, decoded.info.height]).toEqual([375, 667]);
    // A couple of the ground-truth rects (the full recall suite is redaction-recall.test.ts).
    const sensitive = truth.find((entry) => entry.file === file)!.sensitive;
    const phone = sensitive.find((item) => item.kind === 'phone')!.rects[0]!;
    const url = sensitive.find((item) => item.kind === 'url')!.rects[0]!;
    for (const rect of [phone, url]) {
      expect(blackShare({ data: decoded.data, width: decoded.info.width, channels: decoded.info.channels }, rect)).toBeGreaterThanOrEqual(0.98);
    }
    // Redacted, not blacked out whole: most of the picture is still there.
    const allBlack = blackShare({ data: decoded.data, width: decoded.info.width, channels: decoded.info.channels }, { x: 0, y: 0, w: 375, h: 667 });
    expect(allBlack).toBeLessThan(0.5);

    const thumbnail = await context.app.inject({ url: report.thumbnail_url });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.includes(Buffer.from('SECRET-EXIF-MARKER'))).toBe(false);
    const thumbnailMeta = await sharp(thumbnail.rawPayload).metadata();
    expect(thumbnailMeta.width).toBeLessThanOrEqual(240);
    expect(thumbnailMeta.height).toBeLessThanOrEqual(480);
    expect(thumbnailMeta.exif).toBeUndefined();
  }, 60_000);

  it('publishes no image, ever, when the analysis fails', async () => {
    const gate = deferred();
    analyzer.gate = gate.promise;
    analyzer.failing = true;
    const before = publicFiles().length;
    const reportId = await submitOk(context, smsReportFields({ publish_screenshot: '1' }), { content: await pngWithMetadata() });
    // While it is redacted the answers say so (and the list page is now cached with that).
    expect(await getReport(reportId)).toMatchObject({ screenshot_status: 'pending', screenshot_url: null });
    expect((await listedReport(reportId)).screenshot_status).toBe('pending');
    gate.resolve();
    await publisher().drain();
    expect(await rowOf(reportId)).toMatchObject({ screenshot_status: 'failed', screenshot_key: null, thumbnail_key: null });
    expect(await getReport(reportId)).toMatchObject({ publish_screenshot: true, screenshot_status: 'failed', screenshot_url: null, thumbnail_url: null });
    // The failure reaches the list at once, not only once some other report changes it.
    expect((await listedReport(reportId)).screenshot_status).toBe('failed');
    expect(publicFiles().length).toBe(before);

    // Not retried into an image later either.
    analyzer.failing = false;
    await publisher().drain();
    expect((await rowOf(reportId))?.screenshot_status).toBe('failed');
    expect((await listedReport(reportId)).screenshot_url).toBeNull();
    expect(publicFiles().length).toBe(before);
  });

  it('never analyses nor publishes a screenshot the reporter kept private', async () => {
    const before = { calls: analyzer.calls, files: publicFiles().length };
    const reportId = await submitOk(context, smsReportFields({ publish_screenshot: '0' }), { content: await pngWithMetadata() });
    await publisher().drain();
    expect(await rowOf(reportId)).toMatchObject({ screenshot_status: 'private', screenshot_key: null, original_key: expect.any(String) });
    expect(await getReport(reportId)).toMatchObject({ publish_screenshot: false, screenshot_status: 'none', screenshot_url: null, thumbnail_url: null });
    expect(analyzer.calls).toBe(before.calls);
    expect(publicFiles().length).toBe(before.files);
  });

  it('leaves no public file behind when the report is deleted while its screenshot is processed', async () => {
    const before = { public: publicFiles().length, originals: filesIn('private/screenshot-originals').length };
    const gate = deferred();
    analyzer.gate = gate.promise;
    const calls = analyzer.calls;
    const reportId = await submitOk(context, smsReportFields({ publish_screenshot: '1', delete_password: '2468' }), { content: await pngWithMetadata() });
    // The publisher has claimed it and is inside the analysis.
    await until(() => analyzer.calls > calls);
    expect((await deleteReport(context, reportId, '2468')).statusCode).toBe(200);

    gate.resolve();
    await publisher().drain();
    expect(await rowOf(reportId)).toBeUndefined();
    expect(publicFiles().length).toBe(before.public);
    expect(filesIn('private/screenshot-originals').length).toBe(before.originals);
  });

  it('retries a claim left by a crashed process once it is stale, and gives up after the attempts run out', async () => {
    const staleMs = 5 * 60_000 + 1000;
    const crashed = await insertPendingReport();
    const jobs = new JobsRepository(context.database.db);
    const claimCrashed = async (reportId: string) => {
      const jobId = (await rowOf(reportId))!.screenshot_job_id;
      return (await claimJobs(jobs, 'crashed-process')).find((job) => job.id === jobId) ?? null;
    };
    expect(await claimCrashed(crashed.reportId)).not.toBeNull();

    await publisher().drain();
    expect(await rowOf(crashed.reportId)).toMatchObject({ screenshot_status: 'pending', screenshot_claim_token: 'crashed-process' });

    context.clock.advance(staleMs);
    await publisher().drain();
    expect(await rowOf(crashed.reportId)).toMatchObject({ screenshot_status: 'published', screenshot_attempts: 2, screenshot_claim_token: null });
    expect((await getReport(crashed.reportId)).screenshot_url).toEqual(expect.any(String));

    // Crashes on every attempt: after three claims the report is given up, without an image.
    const doomed = await insertPendingReport();
    for (let attempts = 0; attempts < 3; attempts += 1) {
      expect(await claimCrashed(doomed.reportId)).not.toBeNull();
      context.clock.advance(staleMs);
    }
    const calls = analyzer.calls;
    const before = publicFiles().length;
    await publisher().drain();
    expect(await rowOf(doomed.reportId)).toMatchObject({ screenshot_status: 'failed', screenshot_key: null, screenshot_attempts: 3 });
    expect(analyzer.calls).toBe(calls);
    expect(publicFiles().length).toBe(before);
  });

  it('lets only one of two publishers (two instances on one database) take each report', async () => {
    const reports = await Promise.all(Array.from({ length: 6 }, () => insertPendingReport()));
    const secondInstance = openDatabase(await testDatabaseTarget());
    try {
      // The bare race: eight claimers on two connections go for the same six jobs; each job is taken once.
      const jobIds = await Promise.all(reports.map(async (report) => (await rowOf(report.reportId))!.screenshot_job_id));
      const repos = [repo, new PhishingReportsRepository(secondInstance.db)];
      const jobRepos = repos.map((each) => new JobsRepository(each.db));
      const claims = (await Promise.all(Array.from({ length: 8 }, (_, index) => claimJobs(jobRepos[index % 2]!, `claimer-${index}`)))).flat();
      expect(claims.map((claim) => claim.id).sort((a, b) => a - b)).toEqual([...jobIds].sort((a, b) => a! - b!));
      for (const claim of claims) expect(await jobRepos[0]!.release(claim, context.clock.now())).toBe(true);

      // Two whole publishers draining at once: each report is analysed once and published once.
      const analysed: number[] = [];
      const counting = (): ScreenshotAnalyzer => {
        const blank = blankAnalyzer();
        return { ...blank, analyze: async (image) => {
          analysed.push(image.length);
          await new Promise((resolve) => setTimeout(resolve, 15));
          return blank.analyze(image);
        } };
      };
      const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const publishers = repos.map(
        (instanceRepo) => new ScreenshotPublisher({ repo: instanceRepo, storage: context.storage, analyzer: counting(), clock: context.clock, logger }),
      );
      const appCalls = analyzer.calls;
      await Promise.all(publishers.map((each) => each.drain()));
      await Promise.all(publishers.map((each) => each.close()));
      expect(analysed.length + (analyzer.calls - appCalls)).toBe(reports.length);
      const rows = await Promise.all(reports.map((report) => rowOf(report.reportId)));
      expect(rows.map((row) => row?.screenshot_status)).toEqual(reports.map(() => 'published'));
      expect(new Set(rows.map((row) => row?.screenshot_key)).size).toBe(reports.length);
    } finally {
      await secondInstance.destroy();
    }
  });
});

describe('retention of private originals', () => {
  it(`deletes originals older than the retention period and keeps newer ones`, async () => {
    const day = 24 * 60 * 60 * 1000;
    const retentionDays = context.config.screenshotOriginalRetentionDays;
    expect(retentionDays).toBe(90);
    const old = await submitOk(context, smsReportFields({ publish_screenshot: '0' }), { content: await pngWithMetadata() });
    const oldPublished = await submitOk(context, smsReportFields({ publish_screenshot: '1' }), { content: await pngWithMetadata() });
    await publisher().drain();
    const oldPending = await insertPendingReport();
    context.clock.advance(60 * day);
    const recentAt = context.clock.now().getTime();
    const recent = await submitOk(context, smsReportFields({ publish_screenshot: '0' }), { content: await pngWithMetadata() });

    const originals = Object.fromEntries(
      await Promise.all([old, oldPublished, recent].map(async (reportId) => [reportId, (await rowOf(reportId))!.original_key!] as const)),
    );
    context.clock.advance(31 * day);
    expect(await context.app.screenshotRetention.sweep()).toBeGreaterThanOrEqual(2);

    for (const reportId of [old, oldPublished]) {
      expect((await rowOf(reportId))?.original_key).toBeNull();
      expect(await context.storage.get(originals[reportId]!)).toBeNull();
    }
    expect((await rowOf(recent))?.original_key).toBe(originals[recent]);
    expect(await context.storage.get(originals[recent]!)).not.toBeNull();
    // The published redacted copy stays; only the private original goes.
    const published = await getReport(oldPublished);
    expect((await context.app.inject({ url: published.screenshot_url })).statusCode).toBe(200);
    // A report still waiting for redaction keeps its original until the publisher is done.
    expect((await rowOf(oldPending.reportId))?.original_key).toBe(oldPending.originalKey);

    context.clock.set(new Date(recentAt + retentionDays * day - 1000));
    await context.app.screenshotRetention.sweep();
    expect((await rowOf(recent))?.original_key).toBe(originals[recent]);
    context.clock.set(new Date(recentAt + retentionDays * day + 1000));
    await context.app.screenshotRetention.sweep();
    expect((await rowOf(recent))?.original_key).toBeNull();
    expect(await context.storage.get(originals[recent]!)).toBeNull();
  });
});
