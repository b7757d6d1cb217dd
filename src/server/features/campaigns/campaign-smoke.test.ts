import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, type FactoryAccount } from '../../test/account-factories';
import { addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi, dispatchAndDeliver } from '../../test/campaign-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', TRAINING_MAIL_DOMAIN: 'training.kizuki.test' });
  owner = await createAccount(context);
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

it('launches and sends', async () => {
  await addPeople(context, owner.tenantId!, 3);
  const campaign = await createCampaignViaApi(context, owner, { template_ids: await builtinTemplateIds(context, 2) });
  const launched = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
  expect(launched.statusCode, launched.body).toBe(200);
  await dispatchAndDeliver(context);
  expect(smtp.received).toHaveLength(3);
  console.log(smtp.received[0]!.raw.slice(0, 3000));
});
