import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAccount, type FactoryAccount } from '../../test/account-factories';
import { addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi } from '../../test/campaign-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

// Polls far apart: only the wake-up at the first planned send can get the mail out within the test.
const NEVER_MS = 10 * 60_000;

let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp(
    { SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test' },
    { mailWorker: true, dispatcherOptions: { pollIntervalMs: NEVER_MS }, mailWorkerOptions: { pollIntervalMs: NEVER_MS } },
  );
  await context.app.ready();
  owner = await createAccount(context);
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

it('sends a campaign launched to start now at its first planned second, without waiting for the next poll', async () => {
  // Mid-second: planned times are whole seconds, so the first send is due half a second after the launch.
  context.clock.set(new Date('2026-11-21T03:00:10.500Z'));
  await addPeople(context, owner.tenantId!, 2);
  const campaign = await createCampaignViaApi(context, owner, { template_ids: await builtinTemplateIds(context, 1) });
  const launched = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
  expect(launched.statusCode, launched.body).toBe(200);
  // The kick after the launch found nothing due yet; time moves on past the planned second.
  expect(smtp.received).toHaveLength(0);
  context.clock.advance(1_000);
  await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000, interval: 50 });
});
