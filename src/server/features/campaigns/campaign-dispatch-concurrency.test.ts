import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { openDatabase } from '../../db/database';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { createAccount, type FactoryAccount } from '../../test/account-factories';
import { addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi } from '../../test/campaign-factories';
import { testDatabaseTarget } from '../../test/test-database';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createCampaignDispatch } from './campaigns.feature';

/**
 * Issue 11: "on PostgreSQL several workers share the work without double sends". Two dispatchers,
 * each on its own connection pool, run passes of the same campaign at once (three passes queued);
 * every recipient is handed to the outbox exactly once.
 */
let context: TestContext;
let owner: FactoryAccount;

beforeAll(async () => {
  context = await createTestApp({ APP_URL: 'https://kizuki.test' });
  owner = await createAccount(context);
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', owner.tenantId!).execute();
});
afterAll(() => context.close());

it('two dispatchers on separate connections never hand a recipient over twice', async () => {
  const people = await addPeople(context, owner.tenantId!, 600);
  const campaign = await createCampaignViaApi(context, owner, { template_ids: await builtinTemplateIds(context, 3), all_users: false, user_ids: people });
  const id = campaign.campaign.campaign_id;
  expect((await campaignAction(context, owner, id, 'launch')).statusCode).toBe(200);
  const now = context.clock.now();
  for (let extra = 0; extra < 2; extra += 1) await enqueueJob(context.database.db, 'dispatch_campaign', { campaignId: id }, { now });

  const second = openDatabase(await testDatabaseTarget());
  try {
    const options = { config: context.config, clock: context.clock, logger: { info: () => {}, warn: () => {}, error: () => {} }, kickMail: () => {}, timings: { batchSize: 50 } };
    const dispatchers = [createCampaignDispatch(context.database.db, options).dispatcher, createCampaignDispatch(second.db, options).dispatcher];
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.drain()));
  } finally {
    await second.destroy();
  }

  const outbox = await context.database.db
    .selectFrom('mail_outbox')
    .innerJoin('campaign_recipients', 'campaign_recipients.id', 'mail_outbox.campaign_recipient_id')
    .select(['campaign_recipients.id'])
    .where('campaign_recipients.campaign_id', '=', id)
    .execute();
  expect(outbox).toHaveLength(600);
  expect(new Set(outbox.map((row) => row.id)).size).toBe(600);
  const unqueued = await context.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', id).where('queued_at', 'is', null).execute();
  expect(unqueued).toHaveLength(0);
}, 60_000);
