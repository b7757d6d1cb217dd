import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PLAN_ID } from '../../../common/plans';
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../../../common/campaign-status';
import type { CampaignAction, CampaignDetail, CampaignInput } from '../../../common/campaigns.schema';
import { campaignMessages } from '../../../common/messages';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi, dispatchAndDeliver } from '../../test/campaign-factories';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 11 "Campaigns → Statuses": the one transition table, through the API. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;
let templateIds: number[];

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', CAMPAIGN_TRACKING_DAYS: '1' });
  owner = await createAccount(context);
  // A paid plan: this file launches far more than the free plan's 10 mails a month.
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', owner.tenantId!).execute();
  // Days pass on the test clock; the administrator's sign-in must outlast them.
  await context.database.db.updateTable('auth_tokens').set({ expires_at: '2030-01-01T00:00:00.000Z' }).where('user_id', '=', owner.userId).execute();
  templateIds = await builtinTemplateIds(context, 1);
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

const later = (ms: number) => new Date(context.clock.now().getTime() + ms).toISOString();
const body = (input: Partial<CampaignInput> = {}) => ({ campaign_name: '状態遷移テスト', template_ids: templateIds, all_users: false, ...input });

/** Each campaign targets three people of its own, so mails of one test never count in another. */
const peopleOf = new Map<number, number[]>();
let prefixes = 0;
const mailsTo = (prefix: string) => smtp.received.filter((mail) => mail.to.some((address) => address.startsWith(`${prefix}-`))).length;

async function draft(input: Partial<CampaignInput> = {}): Promise<{ id: number; people: number[]; mails: () => number }> {
  const prefix = `t${(prefixes += 1)}`;
  const people = await addPeople(context, owner.tenantId!, 3, { prefix });
  const id = (await createCampaignViaApi(context, owner, body({ user_ids: people, ...input }))).campaign.campaign_id;
  peopleOf.set(id, people);
  return { id, people, mails: () => mailsTo(prefix) };
}

async function detail(id: number): Promise<CampaignDetail> {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${id}`, token: owner.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CampaignDetail;
}

async function statusOf(id: number): Promise<CampaignStatus> {
  return (await detail(id)).campaign.status;
}

/** Any administrator action through its own route (edit = PUT, delete = DELETE, the others = POST …/action). */
function act(id: number, action: CampaignAction) {
  if (action === 'edit') return callApi(context, { method: 'PUT', url: `/api/campaigns/${id}`, token: owner.token, payload: body({ campaign_name: '編集後の名前', user_ids: peopleOf.get(id) }) });
  if (action === 'delete') return callApi(context, { method: 'DELETE', url: `/api/campaigns/${id}`, token: owner.token });
  return campaignAction(context, owner, id, action);
}

async function expectAllowed(id: number, action: CampaignAction, to: CampaignStatus): Promise<void> {
  const response = await act(id, action);
  expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  if (action === 'delete') {
    expect(response.json().data.message).toBe(campaignMessages.deleted);
    expect((await callApi(context, { method: 'GET', url: `/api/campaigns/${id}`, token: owner.token })).statusCode).toBe(404);
    return;
  }
  expect(response.json().data.campaign.status).toBe(to);
  expect(await statusOf(id)).toBe(to);
}

/** 409 with the exact Japanese reason, and nothing changed. */
async function expectRefused(id: number, status: CampaignStatus, actions: readonly CampaignAction[]): Promise<void> {
  for (const action of actions) {
    const response = await act(id, action);
    expect(response.statusCode, `${status} → ${action}: ${response.body}`).toBe(409);
    expect(response.json().message).toBe(campaignMessages.illegalTransition(CAMPAIGN_STATUS_LABELS[status], campaignMessages.actionLabels[action]));
    expect(await statusOf(id)).toBe(status);
  }
}

describe('draft', () => {
  it('can be edited and launched (→ scheduled); pause, resume and end are refused with 409', async () => {
    const { id } = await draft({ start_at: later(2 * HOUR) });
    await expectRefused(id, 'draft', ['pause', 'resume', 'complete']);
    await expectAllowed(id, 'edit', 'draft');
    expect((await detail(id)).campaign.campaign_name).toBe('編集後の名前');
    expect((await detail(id)).campaign.actions).toEqual(['edit', 'delete', 'launch']);
    await expectAllowed(id, 'launch', 'scheduled');
  });

  it('can be deleted (then 404)', async () => {
    const { id } = await draft();
    await expectAllowed(id, 'delete', 'draft');
    expect((await callApi(context, { method: 'GET', url: `/api/campaigns/${id}`, token: owner.token })).statusCode).toBe(404);
  });
});

describe('scheduled', () => {
  it('can be edited (stays scheduled, planned again) and paused; launch, resume and end are refused', async () => {
    const { id, people } = await draft({ start_at: later(2 * HOUR) });
    await expectAllowed(id, 'launch', 'scheduled');
    await expectRefused(id, 'scheduled', ['launch', 'resume', 'complete']);
    const start = later(3 * HOUR);
    const edited = await callApi(context, { method: 'PUT', url: `/api/campaigns/${id}`, token: owner.token, payload: body({ start_at: start, user_ids: people.slice(0, 2) }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await detail(id);
    expect(after.campaign.status).toBe('scheduled');
    expect(after.campaign.total_targets).toBe(2);
    const recipients = (await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/recipients`, token: owner.token })).json().data.recipients as Array<{ planned_at: string }>;
    expect(recipients).toHaveLength(2);
    for (const recipient of recipients) expect(Date.parse(recipient.planned_at)).toBe(Date.parse(start));
    await expectAllowed(id, 'pause', 'paused');
  });

  it('can be deleted, and its recipients are never sent', async () => {
    const { id, mails } = await draft();
    await expectAllowed(id, 'launch', 'scheduled');
    await expectAllowed(id, 'delete', 'scheduled');
    await dispatchAndDeliver(context);
    expect(mails()).toBe(0);
    expect((await callApi(context, { method: 'GET', url: `/api/campaigns/${id}`, token: owner.token })).statusCode).toBe(404);
  });

  it('becomes running when the first send is due (and not before)', async () => {
    const { id, mails } = await draft({ start_at: later(HOUR) });
    await expectAllowed(id, 'launch', 'scheduled');
    context.clock.advance(HOUR - 60_000);
    await dispatchAndDeliver(context);
    expect(await statusOf(id)).toBe('scheduled');
    expect(mails()).toBe(0);
    context.clock.advance(60_000);
    await dispatchAndDeliver(context);
    expect(await statusOf(id)).toBe('running');
    expect(mails()).toBe(3);
    expect((await detail(id)).campaign.emails_sent).toBe(3);
  });
});

describe('paused', () => {
  it('resumes to scheduled when nothing was sent; launch, pause, edit and delete are refused', async () => {
    const { id } = await draft({ start_at: later(2 * HOUR) });
    await expectAllowed(id, 'launch', 'scheduled');
    await expectAllowed(id, 'pause', 'paused');
    await expectRefused(id, 'paused', ['launch', 'pause', 'edit', 'delete']);
    expect((await detail(id)).campaign.actions).toEqual(['resume', 'complete']);
    await expectAllowed(id, 'resume', 'scheduled');
    await expectAllowed(id, 'pause', 'paused');
    await expectAllowed(id, 'complete', 'completed');
  });
});

describe('running', () => {
  it('pauses, resumes to running (something was sent) and ends early; launch, resume, edit and delete are refused', async () => {
    // Evenly spread over three days: at 12 h, 36 h and 60 h.
    const { id } = await draft({ end_at: later(3 * DAY) });
    await expectAllowed(id, 'launch', 'scheduled');
    context.clock.advance(12 * HOUR);
    await dispatchAndDeliver(context);
    expect(await statusOf(id)).toBe('running');
    expect((await detail(id)).campaign.emails_sent).toBeGreaterThan(0);
    await expectRefused(id, 'running', ['launch', 'resume', 'edit', 'delete']);
    await expectAllowed(id, 'pause', 'paused');
    await expectAllowed(id, 'resume', 'running');
    await expectAllowed(id, 'complete', 'completed');
  });

  it('completes by itself CAMPAIGN_TRACKING_DAYS after the last send, not before', async () => {
    const { id } = await draft();
    await expectAllowed(id, 'launch', 'scheduled');
    await dispatchAndDeliver(context);
    const sent = await detail(id);
    expect(sent.campaign.status).toBe('running');
    expect(sent.campaign.emails_sent).toBe(3);
    expect(Date.parse(sent.campaign.tracking_ends_at!)).toBe(context.clock.now().getTime() + DAY);
    context.clock.advance(DAY - 60_000);
    await dispatchAndDeliver(context);
    expect(await statusOf(id)).toBe('running');
    context.clock.advance(60_000);
    await dispatchAndDeliver(context);
    const completed = await detail(id);
    expect(completed.campaign.status).toBe('completed');
    expect(completed.campaign.completed_at).not.toBeNull();
    expect(completed.campaign.actions).toEqual([]);
  });
});

describe('completed', () => {
  it('refuses every action', async () => {
    const { id } = await draft();
    await expectAllowed(id, 'launch', 'scheduled');
    await dispatchAndDeliver(context);
    await expectAllowed(id, 'complete', 'completed');
    await expectRefused(id, 'completed', ['launch', 'pause', 'resume', 'complete', 'edit', 'delete']);
  });
});

describe('ending early', () => {
  it('cancels every unsent recipient, including mail already queued, and they are never sent', async () => {
    // Evenly spread over three days: at 12 h, 36 h and 60 h.
    const { id, mails } = await draft({ end_at: later(3 * DAY) });
    await expectAllowed(id, 'launch', 'scheduled');
    context.clock.advance(12 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toBe(1);
    // The second is handed to the outbox, but SMTP has not had it yet.
    context.clock.advance(DAY);
    await context.app.campaignDispatcher.drain();
    const queued = await context.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', id).where('queued_at', 'is not', null).where('sent_at', 'is', null).execute();
    expect(queued).toHaveLength(1);
    await expectAllowed(id, 'complete', 'completed');

    context.clock.advance(3 * DAY);
    await dispatchAndDeliver(context);
    expect(mails()).toBe(1);
    const result = await detail(id);
    expect(result.status_counts).toMatchObject({ sent: 1, cancelled: 2, scheduled: 0 });
    const cancelled = (await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/recipients?status=cancelled`, token: owner.token })).json().data.recipients as Array<{ failure_reason: string; sent_at: string | null }>;
    expect(cancelled).toHaveLength(2);
    for (const recipient of cancelled) {
      expect(recipient.failure_reason).toBe(campaignMessages.cancelledByCompletion);
      expect(recipient.sent_at).toBeNull();
    }
  });
});

describe('another tenant', () => {
  it('gets 404 on every campaign route, and nothing changes', async () => {
    const { id } = await draft({ start_at: later(2 * HOUR) });
    await expectAllowed(id, 'launch', 'scheduled');
    const [recipient] = (await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/recipients`, token: owner.token })).json().data.recipients as Array<{ recipient_id: number }>;
    const stranger = await createAccount(context);
    const routes: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', `/api/campaigns/${id}`],
      ['PUT', `/api/campaigns/${id}`, body({ user_ids: peopleOf.get(id) })],
      ['DELETE', `/api/campaigns/${id}`],
      ['POST', `/api/campaigns/${id}/launch`],
      ['POST', `/api/campaigns/${id}/pause`],
      ['POST', `/api/campaigns/${id}/resume`],
      ['POST', `/api/campaigns/${id}/complete`],
      ['GET', `/api/campaigns/${id}/recipients`],
      ['GET', `/api/campaigns/${id}/recipients/${recipient!.recipient_id}/events`],
      ['GET', `/api/campaigns/${id}/export`],
    ];
    for (const [method, url, payload] of routes) {
      const response = await callApi(context, { method: method as 'GET', url, token: stranger.token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect((await callApi(context, { method: 'GET', url: '/api/campaigns', token: stranger.token })).json().data.campaigns).toEqual([]);
    expect(await statusOf(id)).toBe('scheduled');
  });
});
