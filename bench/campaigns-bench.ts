import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import type { Database } from '../src/server/db/schema';
import { createBenchDatabase } from './bench-database';
import { csrfPair, runBench } from './bench-support';
import { measureCampaignPage, type PageRender } from './campaign-page-render';
import { type DispatchRun, timeBaselineLoop, timeLaunchedDispatch } from './campaigns-dispatch';
import { seedCampaignTenant } from './campaigns-seed';
import { measureResults, measureTracking, type ResultsFigures, type TrackingFigures } from './campaigns-load';
import { startMailingServer } from './mailing-server';
import { loadAverage, machineDescription, table } from './summary';

/**
 * `npm run bench:campaigns` (and the third part of `npm run bench`): campaigns of issue 11 on the
 * database BENCH_DATABASE_URL names (SQLite when unset).
 * - Dispatch: 10,000 recipients launched to start now, through the API, into an SMTP sink on
 *   loopback, beside a plain pooled nodemailer loop sending the same 10,000 messages;
 * - Tracking: the open pixel and the click route under autocannon beside a bare Fastify route
 *   answering the same bytes, and the events stored afterwards against the answers given;
 * - Results: the recipient table of the campaign at offset 0 and on its last page, and the
 *   campaign page's first render in Chromium.
 * It measures and prints; it never fails on a missed target.
 */

/** The issue's 10,000; BENCH_CAMPAIGN_RECIPIENTS shortens a trial run (and BENCH_CAMPAIGN_PARTS=dispatch stops after the dispatch). */
const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS || 10_000);
const CAMPAIGN_NAME = 'ベンチ配信キャンペーン';
const TARGETS = { dispatchShareOfBaseline: 0.8, trackingShareOfBare: 0.5, trackingP99Ms: 20, resultsP99Ms: 30, pageRenderMs: 1000 };

async function main(cleanups: Array<() => Promise<void>>): Promise<void> {
  console.log(`\nKizuki campaigns benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`Before the run: ${loadAverage()}`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-campaigns-bench-'));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const database = await createBenchDatabase(workDir, process.env.BENCH_DATABASE_URL || undefined);
  cleanups.push(() => database.drop());
  console.log(`Database: ${database.label}`);

  const handle = openDatabase(database.target);
  cleanups.push(() => handle.destroy());
  await migrateToLatest(handle);
  const seeded = await seedCampaignTenant(handle.db, RECIPIENTS);
  const addresses = (await handle.db.selectFrom('people').select('email').where('tenant_id', '=', seeded.tenantId).execute()).map((row) => row.email);

  const { sink, server } = await startMailingServer(workDir, database, cleanups);
  const api = apiClient(server.appUrl, seeded.token);

  const campaignId = await createCampaign(api, handle.db);
  console.log(`\nDispatch: launching ${RECIPIENTS.toLocaleString('en')} recipients (start now) into the SMTP sink…`);
  const app = await timeLaunchedDispatch(sink, async () => {
    await api.post(`/api/campaigns/${campaignId}/launch`, {});
  }, addresses);
  console.log(`  ${describeRun(app)}`);
  const stored = await storedOutcome(handle, campaignId, api);
  console.log(`  database afterwards: ${JSON.stringify(stored)}`);
  console.log('Dispatch: the baseline loop sends the same messages…');
  const baseline = await timeBaselineLoop(sink, sink.url, handle.db, campaignId, addresses);
  console.log(`  ${describeRun(baseline)}`);

  if (process.env.BENCH_CAMPAIGN_PARTS === 'dispatch') {
    printSummary({ label: database.label, app, baseline, stored, tracking: [], results: [], page: { measured: false, reason: 'skipped (BENCH_CAMPAIGN_PARTS=dispatch)' } });
    return;
  }
  const tokens = (await handle.db.selectFrom('campaign_recipients').select('token').where('campaign_id', '=', campaignId).execute()).map((row) => row.token);
  const tracking = await measureTracking({ server, db: handle.db, campaignId, tokens });
  const results = await measureResults({ server, authorization: api.authorization, campaignId, total: RECIPIENTS });
  const page = await measureCampaignPage(server.appUrl, seeded.token, campaignId, CAMPAIGN_NAME);

  printSummary({ label: database.label, app, baseline, stored, tracking, results, page });
}

interface Api {
  appUrl: string;
  authorization: string;
  post(pathname: string, body: object): Promise<unknown>;
  get(pathname: string): Promise<unknown>;
}

function apiClient(appUrl: string, token: string): Api {
  const authorization = `Bearer ${token}`;
  let csrf: Promise<{ cookie: string; token: string }> | undefined;
  const call = async (method: 'GET' | 'POST', pathname: string, body?: object) => {
    const headers: Record<string, string> = { authorization };
    if (method === 'POST') {
      const pair = await (csrf ??= csrfPair(appUrl));
      Object.assign(headers, { cookie: pair.cookie, 'x-xsrf-token': pair.token, 'content-type': 'application/json' });
    }
    const response = await fetch(`${appUrl}${pathname}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 400)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  return { appUrl, authorization, post: (pathname, body) => call('POST', pathname, body), get: (pathname) => call('GET', pathname) };
}

/** A draft to every person, from two built-in lures (each recipient gets one at random), to start now. */
async function createCampaign(api: Api, db: Kysely<Database>): Promise<number> {
  const templates = await db.selectFrom('training_templates').select('id').where('tenant_id', 'is', null).where('retired_at', 'is', null).orderBy('id').limit(2).execute();
  const created = (await api.post('/api/campaigns', {
    campaign_name: CAMPAIGN_NAME,
    template_ids: templates.map((row) => row.id),
    all_users: true,
  })) as { campaign: { campaign_id: number } };
  return created.campaign.campaign_id;
}

/** The campaign as the database records it once the mail worker has recorded every acceptance. */
async function storedOutcome(handle: DatabaseHandle, campaignId: number, api: Api) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await handle.db.selectFrom('campaign_recipients').select(['status']).select((eb) => eb.fn.countAll<number>().as('count')).where('campaign_id', '=', campaignId).groupBy('status').execute();
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    const detail = (await api.get(`/api/campaigns/${campaignId}`)) as { campaign: { status: string; emails_sent: number } };
    if (byStatus.sent === RECIPIENTS || Date.now() > deadline) {
      return { recipientsByStatus: byStatus, campaignStatus: detail.campaign.status, emailsSent: detail.campaign.emails_sent };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const seconds = (value: number) => `${value.toFixed(2)} s`;

function describeRun(run: DispatchRun): string {
  const extra = run.launchMs === undefined ? '' : ` (launch request ${run.launchMs} ms, first message after ${run.firstMessageMs} ms)`;
  return `${run.label}: ${seconds(run.seconds)}, ${run.rate.toFixed(0)} msg/s, ${run.duplicates} duplicates, ${run.missing} missing${extra}`;
}

interface Outcome {
  label: string;
  app: DispatchRun;
  baseline: DispatchRun;
  stored: Awaited<ReturnType<typeof storedOutcome>>;
  tracking: TrackingFigures[];
  results: ResultsFigures[];
  page: PageRender;
}

function printSummary({ label, app, baseline, stored, tracking, results, page }: Outcome): void {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(`\n=== Summary: campaigns, ${label}, ${new Date().toISOString()} ===`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`After the run: ${loadAverage()}\n`);
  const share = app.rate / baseline.rate;
  console.log(`Dispatch of ${RECIPIENTS.toLocaleString('en')} messages (target ≥ ${TARGETS.dispatchShareOfBaseline * 100}% of the baseline's rate, 0 duplicates, 0 missing):\n`);
  console.log(table(['run', 'time', 'msg/s', 'duplicates', 'missing'], [app, baseline].map((run) => [run.label, seconds(run.seconds), run.rate.toFixed(0), String(run.duplicates), String(run.missing)])));
  console.log(`\n  app/baseline: ${(share * 100).toFixed(0)}% — ${verdict(share >= TARGETS.dispatchShareOfBaseline && app.duplicates === 0 && app.missing === 0)}`);
  console.log(`  launch request ${app.launchMs} ms; first message accepted ${app.firstMessageMs} ms after the launch request started`);
  console.log(`  recorded afterwards: ${JSON.stringify(stored.recipientsByStatus)}, campaign ${stored.campaignStatus}, emails_sent ${stored.emailsSent}`);

  if (tracking.length === 0) return;
  console.log(`\nTracking (target ≥ ${TARGETS.trackingShareOfBare * 100}% of the bare route's req/s, p99 < ${TARGETS.trackingP99Ms} ms, every answer stored as an event):\n`);
  console.log(table(
    ['route', 'app req/s', 'app p50', 'app p99', 'bare req/s', 'bare p99', 'share', 'answered', 'events', 'counted', 'target'],
    tracking.map((row) => {
      const rowShare = row.app.requestsPerSecond / row.bare.requestsPerSecond;
      return [
        `${row.name} [${row.connections} conn]`, row.app.requestsPerSecond.toFixed(0), `${row.app.p50Ms} ms`, `${row.app.p99Ms} ms`,
        row.bare.requestsPerSecond.toFixed(0), `${row.bare.p99Ms} ms`, `${(rowShare * 100).toFixed(0)}%`, String(row.answered), String(row.events), String(row.countedEvents),
        verdict(rowShare >= TARGETS.trackingShareOfBare && row.app.p99Ms < TARGETS.trackingP99Ms && row.events >= row.answered),
      ];
    }),
  ));
  console.log('  answered: successful answers (pixel 200, click 302) in warm-up + run; events: tracking_events rows those runs added (a request in flight when autocannon stops is stored but not counted as answered).');

  console.log(`\nResults (target p99 < ${TARGETS.resultsP99Ms} ms):\n`);
  console.log(table(
    ['request', 'app req/s', 'app p50', 'app p99', 'bare req/s', 'bare p99', 'body', 'target'],
    results.map((row) => [
      `${row.name} [${row.connections} conn]`, row.app.requestsPerSecond.toFixed(0), `${row.app.p50Ms} ms`, `${row.app.p99Ms} ms`,
      row.bare.requestsPerSecond.toFixed(0), `${row.bare.p99Ms} ms`, `${row.bodyBytes.toLocaleString('en')} B`, verdict(row.app.p99Ms < TARGETS.resultsP99Ms),
    ]),
  ));
  console.log(`\nCampaign page first render in Chromium (target < ${TARGETS.pageRenderMs} ms): ${page.measured ? `${page.contentMs.toFixed(0)} ms until the campaign's content shows (first contentful paint ${page.firstContentfulPaintMs?.toFixed(0) ?? 'n/a'} ms) — ${verdict(page.contentMs < TARGETS.pageRenderMs)}` : `not measured: ${page.reason}`}`);
}

await runBench(main);
