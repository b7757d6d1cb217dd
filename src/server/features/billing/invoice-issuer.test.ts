import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTimestamp } from '../../db/dialect';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { createAccount, type FactoryAccount } from '../../test/account-factories';
import { subscribe } from '../../test/billing-factories';
import { addPeople } from '../../test/campaign-factories';
import { testDatabaseTarget } from '../../test/test-database';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 14: "Invoices are issued by the job mechanism on the first day of each month, Tokyo time,
 * exactly once per tenant and period, even with several workers." Two workers drain the same
 * passes at the same time on the controllable clock: the app's own issuer and a second worker
 * process (src/server/test/invoice-issuer-process.ts) on its own connection, as `npm run worker`
 * beside a server would be (on SQLite a second process, not a second connection in this one:
 * better-sqlite3 waits for a lock synchronously, so two connections of one process stall each other).
 * A pending cancellation or downgrade is applied at the period's end instead; a worker that was
 * down catches up.
 */
let context: TestContext;
let worker: SecondWorker;

/** The second worker process: `drainAt` moves its clock, and resolves once it has drained. */
interface SecondWorker {
  drainAt(at: Date): Promise<void>;
  stop(): Promise<void>;
}

async function startSecondWorker(): Promise<SecondWorker> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test/invoice-issuer-process.ts')], {
    env: { ...process.env, KIZUKI_TEST_DB: JSON.stringify(await testDatabaseTarget()) },
  });
  const output = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  output.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  expect(await next()).toBe('ready');
  return {
    async drainAt(at) {
      const answer = next();
      child.stdin.write(`${at.toISOString()}\n`);
      expect(await answer).toBe('done');
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/** Instants of 00:00 Asia/Tokyo on the 1st (15:00 UTC the day before). */
const DEC_1 = new Date('2026-11-30T15:00:00Z');
const JAN_1 = new Date('2026-12-31T15:00:00Z');
const DEC_1_2027 = new Date('2027-11-30T15:00:00Z');

beforeAll(async () => {
  context = await createTestApp();
  worker = await startSecondWorker();
}, 60_000);
afterAll(async () => {
  await worker.stop();
  await context.close();
});

/** Both workers drain at the clock's time, at once. */
async function drainBoth(): Promise<void> {
  await Promise.all([context.app.invoiceIssuer.ensureScheduled().then(() => context.app.invoiceIssuer.drain()), worker.drainAt(context.clock.now())]);
}

async function invoicesOf(tenantId: number) {
  const rows = await context.database.db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId).orderBy('period_start').execute();
  return rows.map((row) => ({ ...row, period_start: readTimestamp(row.period_start).toISOString(), period_end: readTimestamp(row.period_end).toISOString() }));
}

async function subscriptionOf(tenantId: number) {
  const row = await context.database.db.selectFrom('tenant_subscriptions').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  return row && { ...row, current_period_start: readTimestamp(row.current_period_start).toISOString(), current_period_end: readTimestamp(row.current_period_end).toISOString() };
}

async function planOfTenant(tenantId: number): Promise<string> {
  return (await context.database.db.selectFrom('tenants').select('plan').where('id', '=', tenantId).executeTakeFirstOrThrow()).plan;
}

async function queuedPasses(): Promise<string[]> {
  const rows = await context.database.db.selectFrom('jobs').select('run_at').where('kind', '=', 'invoice_issue_pass').where('status', '=', 'queued').orderBy('run_at').execute();
  return rows.map((row) => readTimestamp(row.run_at).toISOString());
}

/** Every queued pass is at `at`: at least one, and at most one per worker. */
async function expectNextPassAt(at: Date): Promise<void> {
  const queued = await queuedPasses();
  expect(queued.length).toBeGreaterThanOrEqual(1);
  expect(queued.length).toBeLessThanOrEqual(2);
  expect(new Set(queued)).toEqual(new Set([at.toISOString()]));
}

describe('the monthly invoice job', () => {
  const monthly: FactoryAccount[] = [];
  let annual: FactoryAccount;
  let cancelling: FactoryAccount;
  let downgrading: FactoryAccount;

  it('issues each renewal exactly once at 00:00 Tokyo on the 1st with two workers, and applies pending changes', async () => {
    // 2026-11-21 12:00 JST: every tenant upgrades today (the first invoice is the rest of November by the day).
    for (let index = 0; index < 12; index++) {
      const account = await createAccount(context);
      await subscribe(context, account.tenantId!, { plan: 'light' });
      monthly.push(account);
    }
    annual = await createAccount(context);
    await subscribe(context, annual.tenantId!, { plan: 'standard', cycle: 'annual' });
    cancelling = await createAccount(context);
    await subscribe(context, cancelling.tenantId!, { plan: 'light', pendingPlan: 'free' });
    await addPeople(context, cancelling.tenantId!, 30);
    downgrading = await createAccount(context);
    await subscribe(context, downgrading.tenantId!, { plan: 'standard', pendingPlan: 'light', billing: { company_name: '株式会社ダウングレード' } });

    // Both workers start (each makes sure a chain of passes exists), and two more passes are queued for the 1st.
    await drainBoth();
    for (let extra = 0; extra < 2; extra++) await enqueueJob(context.database.db, 'invoice_issue_pass', {}, { now: context.clock.now(), runAt: DEC_1 });
    // Nothing is due yet: only the first invoices exist, and the next passes wait for the 1st.
    for (const account of monthly) expect(await invoicesOf(account.tenantId!)).toHaveLength(1);
    expect((await queuedPasses()).every((runAt) => runAt === DEC_1.toISOString())).toBe(true);

    // One second before midnight in Tokyo: still nothing.
    context.clock.set(new Date(DEC_1.getTime() - 1000));
    await drainBoth();
    for (const account of monthly) expect(await invoicesOf(account.tenantId!)).toHaveLength(1);

    context.clock.set(new Date(DEC_1.getTime() + 5_000));
    await drainBoth();
    await drainBoth();

    for (const account of monthly) {
      const invoices = await invoicesOf(account.tenantId!);
      expect(invoices).toHaveLength(2);
      expect(invoices[1]).toMatchObject({
        plan: 'light', billing_cycle: 'monthly', payment_method: 'invoice', status: 'unpaid',
        period_start: DEC_1.toISOString(), period_end: JAN_1.toISOString(),
        issue_date: '2026-12-01', due_date: '2027-01-31',
        subtotal: 9_800, tax_rate_percent: 10, tax: 980, total: 10_780,
        invoice_number: `202612-${String(invoices[1]!.id).padStart(6, '0')}`,
      });
      expect(JSON.parse(invoices[1]!.items)).toEqual([{ description: 'ライトプラン（月払い）2026年12月分', quantity: 1, unit_price: 9_800, amount: 9_800 }]);
      expect(JSON.parse(invoices[1]!.buyer)).toMatchObject({ company_name: '株式会社テスト商事', department: '経理部' });
      expect(await subscriptionOf(account.tenantId!)).toMatchObject({ plan: 'light', current_period_start: DEC_1.toISOString(), current_period_end: JAN_1.toISOString(), pending_plan: null });
    }

    // The annual plan's first invoice already covers December: nothing new until its year ends.
    expect(await invoicesOf(annual.tenantId!)).toHaveLength(1);
    expect(await subscriptionOf(annual.tenantId!)).toMatchObject({ current_period_end: DEC_1_2027.toISOString() });

    // A cancellation at the period's end: back to the free plan, no invoice, every person kept.
    expect(await subscriptionOf(cancelling.tenantId!)).toBeUndefined();
    expect(await planOfTenant(cancelling.tenantId!)).toBe('free');
    expect(await invoicesOf(cancelling.tenantId!)).toHaveLength(1);
    const people = await context.database.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', cancelling.tenantId!).executeTakeFirstOrThrow();
    expect(Number(people.n)).toBe(30);

    // A downgrade: the smaller plan from the 1st, invoiced at its price.
    expect(await planOfTenant(downgrading.tenantId!)).toBe('light');
    expect(await subscriptionOf(downgrading.tenantId!)).toMatchObject({ plan: 'light', pending_plan: null, current_period_end: JAN_1.toISOString() });
    const downgraded = await invoicesOf(downgrading.tenantId!);
    expect(downgraded.map((invoice) => [invoice.plan, invoice.subtotal])).toEqual([['standard', expect.any(Number)], ['light', 9_800]]);
    expect(JSON.parse(downgraded[1]!.buyer)).toMatchObject({ company_name: '株式会社ダウングレード' });

    // The duplicate passes collapsed: the next pass is at 00:00 on 1 January, Tokyo. (Two workers
    // finishing passes at the same instant may each queue one; they collapse on a later pass.)
    await expectNextPassAt(JAN_1);
  }, 60_000);

  it('catches up month by month after the workers were down, one invoice per period', async () => {
    // Back on 2027-03-10: January, February and March were never issued.
    context.clock.set(new Date('2027-03-10T01:00:00Z'));
    await drainBoth();
    for (const account of monthly) {
      const invoices = await invoicesOf(account.tenantId!);
      expect(invoices.map((invoice) => [invoice.issue_date, invoice.due_date])).toEqual([
        ['2026-11-21', '2026-12-31'], ['2026-12-01', '2027-01-31'], ['2027-01-01', '2027-02-28'], ['2027-02-01', '2027-03-31'], ['2027-03-01', '2027-04-30'],
      ]);
      expect(await subscriptionOf(account.tenantId!)).toMatchObject({ current_period_end: new Date('2027-03-31T15:00:00Z').toISOString() });
    }
    expect(await invoicesOf(annual.tenantId!)).toHaveLength(1);
    await expectNextPassAt(new Date('2027-03-31T15:00:00Z'));
  }, 60_000);

  it('a restarted worker finds the chain and does not queue another', async () => {
    const before = await queuedPasses();
    expect(await context.app.invoiceIssuer.ensureScheduled()).toBe(false);
    expect(await queuedPasses()).toEqual(before);
  });
});
