import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import type { BareRoute } from './bench-protocol';
import { type LoadFigures, type LoadSettings, measureLoad, waitUntilIdle } from './load-test';
import { IDLE_ROUTE } from './scenarios';
import type { BenchServerProcess } from './server-process';

/** As the other benches' list runs (reports-bench.ts, people-bench.ts). */
const SETTINGS: LoadSettings = { connections: 32, durationSeconds: 10, warmupSeconds: 2 };
const RESULTS_PAGE = 50;
/** A browser's, so the scanner filter judges the requests as a person's. */
const BROWSER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface TrackingFigures {
  name: string;
  connections: number;
  app: LoadFigures;
  bare: LoadFigures;
  /** Successful answers (the pixel's 200, the click's 302) in warm-up and run. */
  answered: number;
  /** tracking_events rows the warm-up and run added. */
  events: number;
  /** Of those, the ones the scanner filter counted. */
  countedEvents: number;
}

export interface ResultsFigures {
  name: string;
  connections: number;
  app: LoadFigures;
  bare: LoadFigures;
  bodyBytes: number;
}

interface TrackingRoute {
  name: string;
  kind: 'open' | 'click';
  path: (token: string) => string;
  barePath: string;
  bareCycle: (token: string) => string;
  status: number;
}

const ROUTES: TrackingRoute[] = [
  { name: 'GET /t/o/<token>.gif (open pixel)', kind: 'open', path: (token) => `/t/o/${token}.gif`, barePath: '/bare/o/:file', bareCycle: (token) => `/bare/o/${token}.gif`, status: 200 },
  { name: 'GET /t/c/<token> (click)', kind: 'click', path: (token) => `/t/c/${token}`, barePath: '/bare/c/:token', bareCycle: (token) => `/bare/c/${token}`, status: 302 },
];

/**
 * Each tracking route under load, cycling through every recipient's token, beside a bare Fastify
 * route (same path shape, a parameter) answering the bytes and headers the app answered; then the
 * events stored are compared with the successful answers autocannon saw.
 */
export async function measureTracking(input: { server: BenchServerProcess; db: Kysely<Database>; campaignId: number; tokens: string[] }): Promise<TrackingFigures[]> {
  const { server, db, campaignId, tokens } = input;
  const headers = { 'user-agent': BROWSER_AGENT };
  const bareRoutes: BareRoute[] = [IDLE_ROUTE];
  for (const route of ROUTES) {
    // The captured answer itself is an event too; it happens before the counting starts.
    const response = await fetch(`${server.appUrl}${route.path(tokens[0]!)}`, { headers, redirect: 'manual' });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== route.status) throw new Error(`${route.name} answered ${response.status}`);
    const kept = ['cache-control', 'location', 'referrer-policy'];
    bareRoutes.push({
      method: 'GET', path: route.barePath, status: route.status, body: body.toString('base64'), base64: true,
      contentType: response.headers.get('content-type') ?? 'text/plain',
      headers: Object.fromEntries(kept.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : []))),
    });
  }
  const bareUrl = await server.startBare(bareRoutes);
  const settle = () => waitUntilIdle(`${bareUrl}${IDLE_ROUTE.path}`);
  const figures: TrackingFigures[] = [];
  for (const route of ROUTES) {
    console.log(`\n${route.name}: ${SETTINGS.connections} connections, bare then app…`);
    await settle();
    const bare = await measureLoad({ url: `${bareUrl}${route.bareCycle(tokens[0]!)}`, headers, pathCycle: tokens.map(route.bareCycle) }, SETTINGS);
    await settle();
    const before = await eventCounts(db, campaignId, route.kind);
    const app = await measureLoad({ url: `${server.appUrl}${route.path(tokens[0]!)}`, headers, pathCycle: tokens.map(route.path) }, SETTINGS);
    // Requests autocannon gave up on at its stop are still being stored; wait for them.
    await settle();
    const after = await eventCounts(db, campaignId, route.kind);
    const answered = (app.statusCounts[String(route.status)] ?? 0) + (app.warmupStatusCounts[String(route.status)] ?? 0);
    console.log(`  bare ${bare.requestsPerSecond.toFixed(0)} req/s p99 ${bare.p99Ms} ms; app ${app.requestsPerSecond.toFixed(0)} req/s p99 ${app.p99Ms} ms, statuses ${JSON.stringify(app.statusCounts)}; answered ${answered}, events ${after.all - before.all}`);
    figures.push({ name: route.name, connections: SETTINGS.connections, app, bare, answered, events: after.all - before.all, countedEvents: after.counted - before.counted });
  }
  return figures;
}

async function eventCounts(db: Kysely<Database>, campaignId: number, kind: string): Promise<{ all: number; counted: number }> {
  const row = await db
    .selectFrom('tracking_events')
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>('counted').as('counted')])
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), counted: Number(row.counted ?? 0) };
}

/** The recipient table at offset 0 and on its last page, beside a bare route answering the same body. */
export async function measureResults(input: { server: BenchServerProcess; authorization: string; campaignId: number; total: number }): Promise<ResultsFigures[]> {
  const { server, authorization, campaignId, total } = input;
  const pages = [0, total - RESULTS_PAGE].map((offset) => ({
    name: `GET /api/campaigns/{id}/recipients offset ${offset.toLocaleString('en')}`,
    path: `/api/campaigns/${campaignId}/recipients?limit=${RESULTS_PAGE}&offset=${offset}`,
  }));
  const captured = [];
  for (const page of pages) {
    const response = await fetch(`${server.appUrl}${page.path}`, { headers: { authorization } });
    const body = await response.text();
    const parsed = JSON.parse(body) as { data?: { recipients?: unknown[]; pagination?: { total: number } } };
    if (response.status !== 200 || parsed.data?.recipients?.length !== RESULTS_PAGE || parsed.data.pagination?.total !== total) {
      throw new Error(`${page.path} answered ${response.status}: ${body.slice(0, 300)}`);
    }
    captured.push({ ...page, body });
  }
  const bareUrl = await server.startBare([...captured.map((page, index) => ({ method: 'GET' as const, path: `/bare/recipients-${index}`, status: 200, body: page.body })), IDLE_ROUTE]);
  const settle = () => waitUntilIdle(`${bareUrl}${IDLE_ROUTE.path}`);
  const figures: ResultsFigures[] = [];
  for (const [index, page] of captured.entries()) {
    console.log(`\n${page.name}: ${SETTINGS.connections} connections, bare then app…`);
    await settle();
    const bare = await measureLoad({ url: `${bareUrl}/bare/recipients-${index}`, headers: { authorization } }, SETTINGS);
    await settle();
    const app = await measureLoad({ url: `${server.appUrl}${page.path}`, headers: { authorization } }, SETTINGS);
    console.log(`  bare ${bare.requestsPerSecond.toFixed(0)} req/s p99 ${bare.p99Ms} ms; app ${app.requestsPerSecond.toFixed(0)} req/s p50 ${app.p50Ms} ms p99 ${app.p99Ms} ms, failures ${app.failures}`);
    figures.push({ name: page.name, connections: SETTINGS.connections, app, bare, bodyBytes: Buffer.byteLength(page.body) });
  }
  return figures;
}
