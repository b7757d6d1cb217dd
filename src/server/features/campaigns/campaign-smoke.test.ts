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
});

it('tracks an open, a click and shows the lesson', async () => {
  const mail = smtp.received[0]!;
  const { mimeParts } = await import('../../test/smtp-test-server');
  const html = mimeParts(mail.raw).get('text/html')!;
  const pixel = /src="https:\/\/kizuki\.test(\/t\/o\/[^"]+)"/.exec(html)![1]!;
  const click = /href="https:\/\/kizuki\.test(\/t\/c\/[^"]+)"/.exec(html)![1]!;
  const chrome = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' };
  context.clock.advance(60_000);
  expect((await context.app.inject({ method: 'GET', url: pixel, headers: chrome })).statusCode).toBe(200);
  const clicked = await context.app.inject({ method: 'GET', url: click, headers: chrome });
  expect(clicked.statusCode).toBe(302);
  const lesson = await context.app.inject({ method: 'GET', url: clicked.headers.location as string, headers: chrome });
  expect(lesson.statusCode).toBe(200);
  const list = await context.app.inject({ method: 'GET', url: '/api/campaigns', headers: { authorization: `Bearer ${owner.token}` } });
  expect(list.json().data.campaigns[0]).toMatchObject({ status: 'running', total_targets: 3, emails_sent: 3, emails_opened: 1, emails_clicked: 1, open_rate: 33, click_rate: 33 });
});
