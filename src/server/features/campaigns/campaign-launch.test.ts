import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignInput, Recipient } from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { FREE_PLAN, ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { tokyoMonth } from '../../lib/time-format';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { addGroup, addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi, dispatchAndDeliver } from '../../test/campaign-factories';
import { seededRandom } from '../../../common/seeded-random';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 11 "Launch": recipients resolved once, several templates, the planner on the Japanese calendar, the free allowance. */

const HOUR = 60 * 60 * 1000;
const JST = 9 * HOUR;
let smtp: TestSmtpServer;
let context: TestContext;
let templateIds: number[];

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test' }, { random: seededRandom(11) });
  // Thursday 2026-11-19 09:00 Tokyo: before the spreading test's window.
  context.clock.set(new Date('2026-11-19T00:00:00Z'));
  templateIds = await builtinTemplateIds(context, 2);
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

async function paidAccount(): Promise<FactoryAccount> {
  const account = await createAccount(context);
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', account.tenantId!).execute();
  return account;
}

function draft(account: FactoryAccount, input: Partial<CampaignInput>): Promise<CampaignDetail> {
  return createCampaignViaApi(context, account, { template_ids: templateIds.slice(0, 1), all_users: false, ...input });
}

async function detail(account: FactoryAccount, id: number): Promise<CampaignDetail> {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${id}`, token: account.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CampaignDetail;
}

async function recipients(account: FactoryAccount, id: number, query = ''): Promise<Recipient[]> {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/recipients?limit=200${query}`, token: account.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.recipients as Recipient[];
}

async function plannedRecipients(account: FactoryAccount, id: number): Promise<number> {
  const row = await context.database.db.selectFrom('campaign_recipients').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', account.tenantId!).where('campaign_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('resolving the recipients', () => {
  it('expands groups and removes duplicates: a person in two groups and listed by id is one recipient; per-group counts are a snapshot', async () => {
    const owner = await paidAccount();
    const sales = await addGroup(context, owner.tenantId!, '営業部');
    const support = await addGroup(context, owner.tenantId!, 'サポート部');
    const [onlySales] = await addPeople(context, owner.tenantId!, 1, { groupId: sales, prefix: 'sales' });
    const [both] = await addPeople(context, owner.tenantId!, 1, { groupId: sales, prefix: 'both' });
    await context.database.db.insertInto('people_group_members').values({ tenant_id: owner.tenantId!, group_id: support, person_id: both! }).execute();
    const [onlySupport] = await addPeople(context, owner.tenantId!, 1, { groupId: support, prefix: 'support' });
    const [loner] = await addPeople(context, owner.tenantId!, 1, { prefix: 'loner' });
    await addPeople(context, owner.tenantId!, 2, { prefix: 'untargeted' });

    const campaign = await draft(owner, { group_ids: [sales, support, sales], user_ids: [both!, loner!, onlySales!] });
    const launched = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().data.campaign.total_targets).toBe(4);
    const listed = await recipients(owner, campaign.campaign.campaign_id);
    expect(listed.map((recipient) => recipient.user_id).sort((a, b) => a! - b!)).toEqual([onlySales, both, onlySupport, loner].sort((a, b) => a! - b!));

    // The groups as they were at launch, whatever happens to them afterwards.
    await context.database.db.deleteFrom('people_group_members').where('person_id', '=', both!).where('group_id', '=', support).execute();
    const groups = (await detail(owner, campaign.campaign.campaign_id)).groups;
    expect(groups).toEqual([
      { group_id: support, name: 'サポート部', total: 2, sent: 0, opened: 0, clicked: 0, submitted: 0 },
      { group_id: sales, name: '営業部', total: 2, sent: 0, opened: 0, clicked: 0, submitted: 0 },
      { group_id: null, name: campaignMessages.noGroup, total: 1, sent: 0, opened: 0, clicked: 0, submitted: 0 },
    ]);
    const bySupport = await recipients(owner, campaign.campaign.campaign_id, `&group_id=${support}`);
    expect(bySupport.map((recipient) => recipient.user_id).sort()).toEqual([both, onlySupport].sort());
  });

  it('leaves out people at a domain the tenant has not verified', async () => {
    const owner = await paidAccount();
    const ours = await addPeople(context, owner.tenantId!, 2, { prefix: 'ours' });
    const foreign = await addPeople(context, owner.tenantId!, 3, { prefix: 'foreign', domain: 'not-verified.example' });
    const campaign = await draft(owner, { user_ids: [...ours, ...foreign] });
    const launched = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().data.campaign.total_targets).toBe(2);
    expect((await recipients(owner, campaign.campaign.campaign_id)).map((recipient) => recipient.user_id).sort()).toEqual([...ours].sort());
  });

  it('answers 422 when no one can be sent to, and the campaign stays a draft', async () => {
    const owner = await paidAccount();
    const foreign = await addPeople(context, owner.tenantId!, 2, { prefix: 'foreign', domain: 'not-verified.example' });
    const campaign = await draft(owner, { user_ids: foreign });
    const launched = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
    expect(launched.statusCode, launched.body).toBe(422);
    expect(launched.json().errors).toEqual({ user_ids: [campaignMessages.noRecipients] });
    expect((await detail(owner, campaign.campaign.campaign_id)).campaign.status).toBe('draft');
    expect(await plannedRecipients(owner, campaign.campaign.campaign_id)).toBe(0);
  });
});

describe('several templates', () => {
  it('gives each recipient one of them at random, and both are used', async () => {
    const owner = await paidAccount();
    const people = await addPeople(context, owner.tenantId!, 30);
    const campaign = await draft(owner, { template_ids: templateIds, user_ids: people });
    expect((await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    const listed = await recipients(owner, campaign.campaign.campaign_id);
    expect(listed).toHaveLength(30);
    const perTemplate = new Map<number, number>();
    for (const recipient of listed) perTemplate.set(recipient.template_id, (perTemplate.get(recipient.template_id) ?? 0) + 1);
    expect([...perTemplate.keys()].sort()).toEqual([...templateIds].sort());
    for (const count of perTemplate.values()) expect(count).toBeGreaterThanOrEqual(5);
    const counted = (await detail(owner, campaign.campaign.campaign_id)).templates;
    expect(counted.map((template) => [template.template_id, template.recipients])).toEqual(templateIds.map((id) => [id, perTemplate.get(id)]));
  });
});

describe('spreading on the Japanese business calendar', () => {
  it('puts every send inside 9:00–18:00 Tokyo on a weekday that is not a public holiday, at random times', async () => {
    const owner = await paidAccount();
    const people = await addPeople(context, owner.tenantId!, 60);
    // Friday 2026-11-20 09:00 → Wednesday 2026-11-25 18:00 Tokyo; Monday 11-23 is 勤労感謝の日.
    const campaign = await draft(owner, {
      user_ids: people, start_at: '2026-11-20T09:00:00+09:00', end_at: '2026-11-25T18:00:00+09:00',
      business_hours_only: true, weekdays_only: true, skip_holidays: true, randomize: true,
    });
    expect((await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    const planned = (await recipients(owner, campaign.campaign.campaign_id)).map((recipient) => Date.parse(recipient.planned_at));
    expect(planned).toHaveLength(60);
    const days = new Map<string, number>();
    for (const at of planned) {
      const tokyo = new Date(at + JST);
      const day = tokyo.toISOString().slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
      expect(tokyo.getUTCHours(), tokyo.toISOString()).toBeGreaterThanOrEqual(9);
      expect(tokyo.getUTCHours(), tokyo.toISOString()).toBeLessThan(18);
    }
    // Saturday 21, Sunday 22 and the holiday on Monday 23 get nothing; each allowed day gets some.
    expect([...days.keys()].sort()).toEqual(['2026-11-20', '2026-11-24', '2026-11-25']);
    // At random, not evenly spaced: the gaps between consecutive sends differ.
    const sorted = [...planned].sort((a, b) => a - b);
    const gaps = new Set(sorted.slice(1).map((at, index) => Math.round((at - sorted[index]!) / 60_000)));
    expect(gaps.size).toBeGreaterThan(10);
    const detailed = await detail(owner, campaign.campaign.campaign_id);
    expect(detailed.campaign.schedule).toEqual({
      start_at: expect.any(String), end_at: expect.any(String), business_hours_only: true, weekdays_only: true, skip_holidays: true, randomize: true,
    });
    expect(Date.parse(detailed.campaign.last_send_at!)).toBe(sorted.at(-1));
  });
});

describe('the free allowance (10 mails a Tokyo month)', () => {
  it('refuses a launch of 11 with 422 and the remaining number, and a launch of what remains goes through', async () => {
    const owner = await createAccount(context);
    const people = await addPeople(context, owner.tenantId!, 11);
    const campaign = await draft(owner, { user_ids: people });
    const refused = await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(campaignMessages.monthlyAllowanceExceeded(FREE_PLAN.monthlyMails, 10, 11));
    expect(refused.json().message).toContain('残り10通');
    expect((await detail(owner, campaign.campaign.campaign_id)).campaign.status).toBe('draft');

    const first = await draft(owner, { user_ids: people.slice(0, 7) });
    expect((await campaignAction(context, owner, first.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    // 7 promised (not yet sent): 3 remain.
    const second = await draft(owner, { user_ids: people.slice(7, 11) });
    const again = await campaignAction(context, owner, second.campaign.campaign_id, 'launch');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(campaignMessages.monthlyAllowanceExceeded(FREE_PLAN.monthlyMails, 3, 4));
    const fits = await draft(owner, { user_ids: people.slice(7, 10) });
    expect((await campaignAction(context, owner, fits.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    const none = await draft(owner, { user_ids: people.slice(10) });
    const exhausted = await campaignAction(context, owner, none.campaign.campaign_id, 'launch');
    expect(exhausted.statusCode).toBe(422);
    expect(exhausted.json().message).toBe(campaignMessages.monthlyAllowanceExceeded(FREE_PLAN.monthlyMails, 0, 1));
  });

  it('lets only one of two concurrent launches of 6 through: never more than 10 planned', async () => {
    const owner = await createAccount(context);
    const people = await addPeople(context, owner.tenantId!, 12);
    const a = await draft(owner, { user_ids: people.slice(0, 6) });
    const b = await draft(owner, { user_ids: people.slice(6) });
    const answers = await Promise.all([a, b].map((campaign) => campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().message).toBe(campaignMessages.monthlyAllowanceExceeded(FREE_PLAN.monthlyMails, 4, 6));
    const planned = (await plannedRecipients(owner, a.campaign.campaign_id)) + (await plannedRecipients(owner, b.campaign.campaign_id));
    expect(planned).toBe(6);
  });

  it('is enforced again at send time: what the month no longer covers is failed with the reason, never sent', async () => {
    const owner = await createAccount(context);
    const prefix = `sendtime${Date.now()}`;
    const people = await addPeople(context, owner.tenantId!, 5, { prefix });
    const campaign = await draft(owner, { user_ids: people });
    expect((await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    // Meanwhile 9 of the month's 10 were taken (another campaign, another worker).
    await context.database.db
      .insertInto('tenant_monthly_usage')
      .values({ tenant_id: owner.tenantId!, month: tokyoMonth(context.clock.now()), mails_reserved: 9 })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doUpdateSet({ mails_reserved: 9 }))
      .execute();
    await dispatchAndDeliver(context);
    expect(smtp.received.filter((mail) => mail.to[0]!.startsWith(prefix))).toHaveLength(1);
    const result = await detail(owner, campaign.campaign.campaign_id);
    expect(result.campaign.emails_sent).toBe(1);
    expect(result.status_counts).toMatchObject({ sent: 1, failed: 4, scheduled: 0 });
    const failed = await recipients(owner, campaign.campaign.campaign_id, '&status=failed');
    expect(failed).toHaveLength(4);
    for (const recipient of failed) expect(recipient.failure_reason).toBe(campaignMessages.allowanceExhaustedAtSend);
    const usage = await context.database.db.selectFrom('tenant_monthly_usage').selectAll().where('tenant_id', '=', owner.tenantId!).executeTakeFirstOrThrow();
    expect(Number(usage.mails_reserved)).toBe(10);
  });

  it('does not count test sends', async () => {
    const owner = await createAccount(context);
    for (let index = 0; index < 3; index += 1) {
      const sent = await callApi(context, { method: 'POST', url: `/api/templates/${templateIds[0]}/test-send`, token: owner.token, payload: {} });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    await context.app.mail.worker.drain();
    expect(smtp.received.filter((mail) => mail.to[0] === owner.email)).toHaveLength(3);
    const audience = await callApi(context, { method: 'POST', url: '/api/campaigns/audience', token: owner.token, payload: { all_users: true } });
    expect(audience.json().data.allowance).toEqual({ monthly_limit: 10, used: 0, remaining: 10 });
    const people = await addPeople(context, owner.tenantId!, 10);
    const campaign = await draft(owner, { user_ids: people });
    expect((await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')).statusCode).toBe(200);
  });
});
