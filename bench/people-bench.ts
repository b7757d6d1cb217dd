import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import type { Kysely } from 'kysely';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import type { Database } from '../src/server/db/schema';
import { newOpaqueToken } from '../src/server/lib/secret-hash';
import { createBenchDatabase } from './bench-database';
import { csrfPair, runBench } from './bench-support';
import { BENCH_SCHEMA_ENV } from './bench-protocol';
import { type LoadSettings, measureLoad, waitUntilIdle } from './load-test';
import { IDLE_ROUTE } from './scenarios';
import { BenchServerProcess } from './server-process';
import { loadAverage, machineDescription, table } from './summary';

/**
 * `npm run bench` (second part): the people API of the training app (issue 10).
 * - `GET /api/users` at offset 0 and on the last page, for a tenant with 5,000 people beside 100
 *   other tenants, against a bare Fastify answering the same body (target: ≥ 40% of its
 *   requests/s, p99 under 30 ms);
 * - importing a 5,000-row Shift_JIS CSV (preview, then applying it as updates): time and the
 *   server's peak memory while it works.
 * It measures and prints; it never fails on a missed target.
 */

const TARGET_PEOPLE = 5000;
const OTHER_TENANTS = 100;
const PEOPLE_PER_OTHER_TENANT = 50;
const PAGE = 20;
const LIST_SETTINGS: LoadSettings = { connections: 32, durationSeconds: 10, warmupSeconds: 2 };
const TARGETS = { listShareOfBare: 0.4, listP99Ms: 30 };
const DEPARTMENTS = ['営業部', '総務部', '人事部', '経理部', '情報システム部', '開発部', 'マーケティング部', '法務部', 'カスタマーサポート部', '購買部'];

async function main(cleanups: Array<() => Promise<void>>): Promise<void> {
  console.log(`\nKizuki people benchmark — ${new Date().toISOString()}`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`Before the run: ${loadAverage()}`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-people-bench-'));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const database = await createBenchDatabase(workDir, process.env.BENCH_DATABASE_URL || undefined);
  cleanups.push(() => database.drop());
  console.log(`Database: ${database.label}`);

  const handle = openDatabase(database.target);
  let seeded: Seeded;
  try {
    await migrateToLatest(handle);
    const started = performance.now();
    seeded = await seed(handle.db);
    console.log(`Seeded ${TARGET_PEOPLE.toLocaleString('en')} people for one tenant and ${(OTHER_TENANTS * PEOPLE_PER_OTHER_TENANT).toLocaleString('en')} for ${OTHER_TENANTS} others in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.destroy();
  }

  const server = await BenchServerProcess.start({
    NODE_ENV: 'production',
    DATA_DIR: path.join(workDir, 'data'),
    LOG_LEVEL: 'silent',
    APP_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: 'smtp://127.0.0.1:25',
    MAIL_WORKER: '0',
    REDIS_URL: '',
    [BENCH_SCHEMA_ENV]: '',
    ...database.serverEnv,
  });
  cleanups.push(() => server.stop());
  const authorization = `Bearer ${seeded.token}`;

  const pages = [
    { name: 'GET /api/users offset 0', path: `/api/users?limit=${PAGE}&offset=0` },
    { name: `GET /api/users offset ${TARGET_PEOPLE - PAGE} (last page)`, path: `/api/users?limit=${PAGE}&offset=${TARGET_PEOPLE - PAGE}` },
  ];
  const captured = [];
  for (const page of pages) {
    const response = await fetch(`${server.appUrl}${page.path}`, { headers: { authorization } });
    const body = await response.text();
    const parsed = JSON.parse(body) as { data?: { users?: unknown[]; pagination?: { total: number } } };
    if (response.status !== 200 || parsed.data?.users?.length !== PAGE || parsed.data.pagination?.total !== TARGET_PEOPLE) {
      throw new Error(`${page.path} answered ${response.status}: ${body.slice(0, 300)}`);
    }
    captured.push({ ...page, body });
  }
  const bareUrl = await server.startBare([
    ...captured.map((page, index) => ({ method: 'GET' as const, path: `/bare/users-${index}`, status: 200, body: page.body })),
    IDLE_ROUTE,
  ]);
  const settle = () => waitUntilIdle(`${bareUrl}${IDLE_ROUTE.path}`);

  const rows: string[][] = [];
  for (const [index, page] of captured.entries()) {
    console.log(`\n${page.name}: ${LIST_SETTINGS.connections} connections, bare then app…`);
    await settle();
    const bare = await measureLoad({ url: `${bareUrl}/bare/users-${index}`, headers: { authorization } }, LIST_SETTINGS);
    await settle();
    const app = await measureLoad({ url: `${server.appUrl}${page.path}`, headers: { authorization } }, LIST_SETTINGS);
    const share = app.requestsPerSecond / bare.requestsPerSecond;
    rows.push([
      page.name, app.requestsPerSecond.toFixed(0), `${app.p50Ms} ms`, `${app.p99Ms} ms`, bare.requestsPerSecond.toFixed(0), `${bare.p99Ms} ms`,
      `${(share * 100).toFixed(0)}%`, `${app.failures}/${bare.failures}`,
      share >= TARGETS.listShareOfBare && app.p99Ms < TARGETS.listP99Ms ? 'met' : 'MISSED',
    ]);
  }

  await settle();
  const importFigures = await measureImport(server, seeded);

  console.log(`\n=== Summary: people API, ${database.label}, ${new Date().toISOString()} ===`);
  console.log(`Machine: ${machineDescription()}`);
  console.log(`After the run: ${loadAverage()}`);
  console.log(`Targets: ≥ ${TARGETS.listShareOfBare * 100}% of the bare route's requests/s, p99 < ${TARGETS.listP99Ms} ms.\n`);
  console.log(table(['Scenario', 'app req/s', 'app p50', 'app p99', 'bare req/s', 'bare p99', 'share', 'fail app/bare', 'target'], rows));
  console.log(`\nImport of a ${TARGET_PEOPLE.toLocaleString('en')}-row Shift_JIS CSV (${(importFigures.bytes / 1024).toFixed(0)} KiB), every row an update:\n`);
  console.log(table(['Step', 'time', 'server RSS before', 'server peak RSS', 'rows'], importFigures.rows));
}

interface Seeded {
  tenantId: number;
  token: string;
  emails: string[];
}

async function seed(db: Kysely<Database>): Promise<Seeded> {
  const now = new Date().toISOString();
  const tenantIds: number[] = [];
  for (let index = 0; index <= OTHER_TENANTS; index += 1) {
    const tenant = await db.insertInto('tenants').values({ company_name: `ベンチ株式会社${index}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    tenantIds.push(tenant.id);
  }
  const [targetTenant, ...others] = tenantIds as [number, ...number[]];
  const admin = await db.insertInto('users').values({
    tenant_id: targetTenant, email: 'bench-admin@example.co.jp', name: 'ベンチ管理者', password_hash: 'x', role: 'admin',
    email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const { token, hash } = newOpaqueToken();
  await db.insertInto('auth_tokens').values({ user_id: admin.id, token_hash: hash, created_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();

  const people = (tenantId: number, count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => {
      const email = `${prefix}${String(index).padStart(5, '0')}@example.co.jp`;
      return { tenant_id: tenantId, name: `社員 ${prefix}${index}`, email, email_key: email, department: DEPARTMENTS[index % DEPARTMENTS.length] ?? null, created_at: now, updated_at: now };
    });
  const insertAll = async (rows: ReturnType<typeof people>) => {
    for (let start = 0; start < rows.length; start += 500) await db.insertInto('people').values(rows.slice(start, start + 500)).execute();
  };
  const target = people(targetTenant, TARGET_PEOPLE, 'taro');
  await insertAll(target);
  for (const [index, tenantId] of others.entries()) await insertAll(people(tenantId, PEOPLE_PER_OTHER_TENANT, `other${index}-`));
  return { tenantId: targetTenant, token, emails: target.map((row) => row.email) };
}

/** Preview, then apply, a Shift_JIS CSV that moves every person to another department. */
async function measureImport(server: BenchServerProcess, seeded: Seeded): Promise<{ bytes: number; rows: string[][] }> {
  const lines = ['氏名,メールアドレス,部署', ...seeded.emails.map((email, index) => `社員 ${index},${email},${DEPARTMENTS[(index + 3) % DEPARTMENTS.length]}`)];
  const file = iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932');
  const csrf = await csrfPair(server.appUrl);
  const rows: string[][] = [];
  for (const dryRun of [true, false]) {
    const form = new FormData();
    if (dryRun) form.append('dry_run', '1');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'people.csv');
    const rssBefore = rssOf(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 10);
    const started = performance.now();
    const response = await fetch(`${server.appUrl}/api/users/import`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${seeded.token}`, cookie: csrf.cookie, 'x-xsrf-token': csrf.token },
    });
    const body = await response.text();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid));
    if (response.status !== 200) throw new Error(`import (dry_run=${dryRun}) answered ${response.status}: ${body.slice(0, 300)}`);
    const summary = (JSON.parse(body) as { data: { summary: Record<string, number> } }).data.summary;
    rows.push([dryRun ? 'preview (dry_run=1)' : 'apply (one transaction)', `${seconds.toFixed(2)} s`, mib(rssBefore), mib(peak), JSON.stringify(summary)]);
  }
  return { bytes: file.length, rows };
}

/** Resident memory of a process in bytes (Linux /proc); 0 where it cannot be read. */
function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const mib = (bytes: number) => (bytes > 0 ? `${(bytes / 1024 ** 2).toFixed(0)} MiB` : 'n/a');

await runBench(main);
