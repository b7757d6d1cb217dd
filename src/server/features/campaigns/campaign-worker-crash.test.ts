import { DEFAULT_MAIL_CONCURRENCY } from '../mail/mail-worker';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { createAccount, type FactoryAccount } from '../../test/account-factories';
import { addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi, dispatchAndDeliver } from '../../test/campaign-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { testDatabaseTarget } from '../../test/test-database';

/** Issue 11 "Dispatch → Crash safety": a worker killed with SIGKILL mid-campaign loses no recipient. */

const RECIPIENTS = 200;
/** Messages one mail worker has in flight at once (its default concurrency): the most a crash may send twice. */
const MAX_IN_FLIGHT = DEFAULT_MAIL_CONCURRENCY;
const STALE_CLAIM_MS = 60_000;
let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  // This app is the second worker: it takes over claims older than a minute.
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test' }, {
    mailWorkerOptions: { staleClaimMs: STALE_CLAIM_MS },
    dispatcherOptions: { staleClaimMs: STALE_CLAIM_MS },
  });
  // The worker process runs on the real clock: the campaign starts now, by that clock.
  context.clock.set(new Date());
  owner = await createAccount(context);
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', owner.tenantId!).execute();
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a worker process killed with SIGKILL mid-campaign', () => {
  it('loses no recipient: the next worker takes over, every recipient is sent, at most the in-flight ones twice', async () => {
    const prefix = 'crash';
    await addPeople(context, owner.tenantId!, RECIPIENTS, { prefix });
    const addresses = Array.from({ length: RECIPIENTS }, (_, index) => `${prefix}-${index}@example.co.jp`);
    const campaign = await createCampaignViaApi(context, owner, { template_ids: await builtinTemplateIds(context, 2) });
    const id = campaign.campaign.campaign_id;
    expect((await campaignAction(context, owner, id, 'launch')).statusCode).toBe(200);
    const ours = () => smtp.received.filter((mail) => mail.to[0]!.startsWith(`${prefix}-`));
    // Each message is held a while before it is answered, so the kill lands with some in flight.
    smtp.delayMs = 40;

    const dataDir = context.dataDir;
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test/campaign-worker-process.ts')], {
      env: { ...process.env, KIZUKI_TEST_DB: JSON.stringify(await testDatabaseTarget()), SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(() => ours().length >= 60, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 25));
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    const beforeTakeover = ours().length;
    expect(beforeTakeover).toBeLessThan(RECIPIENTS);
    const unsent = await context.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', id).where('status', '=', 'scheduled').execute();
    expect(unsent.length).toBeGreaterThan(0);

    // A second worker, once the dead one's claims are stale, finishes the campaign.
    smtp.delayMs = 0;
    context.clock.set(new Date(Date.now() + STALE_CLAIM_MS + 5_000));
    await dispatchAndDeliver(context);

    const delivered = ours().map((mail) => mail.to[0]!);
    expect(new Set(delivered)).toEqual(new Set(addresses));
    const duplicates = delivered.length - RECIPIENTS;
    expect(duplicates).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    const statuses = await context.database.db.selectFrom('campaign_recipients').select(['status', 'sent_at']).where('campaign_id', '=', id).execute();
    expect(statuses).toHaveLength(RECIPIENTS);
    expect(statuses.every((row) => row.status === 'sent' && row.sent_at !== null)).toBe(true);
    const counters = await context.database.db.selectFrom('campaigns').select(['emails_sent', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    // Each recipient counts once, however many times its mail went out.
    expect(Number(counters.emails_sent)).toBe(RECIPIENTS);
    expect(counters.status).toBe('running');
  }, 120_000);
});
