import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_PLAN_ID } from '../../../common/plans';
import type { CampaignDetail, CampaignInput, Recipient, RecipientEvents, RecipientList } from '../../../common/campaigns.schema';
import { RECIPIENT_STATUS_LABELS } from '../../../common/campaigns.schema';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { addGroup, addPeople, builtinTemplateIds, campaignAction, createCampaignViaApi, dispatchAndDeliver } from '../../test/campaign-factories';
import { decodeHeader, mimeParts, parseRawMail, TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 11 "Dispatch": pause and resume, SMTP 4xx and 5xx, the training mail itself, and reading the results. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const APP_URL = 'https://kizuki.test';
const TRAINING_DOMAIN = 'training.kizuki.test';
const HEADER = { name: 'X-Acme-Phish-Sim', value: 'kizuki-training-7' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let smtp: TestSmtpServer;
let context: TestContext;
let owner: FactoryAccount;
let templateId: number;
let prefixes = 0;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  context = await createTestApp({
    SMTP_URL: smtp.url(), APP_URL, TRAINING_MAIL_DOMAIN: TRAINING_DOMAIN, TRAINING_MAIL_HEADER_NAME: HEADER.name, TRAINING_MAIL_HEADER_VALUE: HEADER.value,
  });
  owner = await createAccount(context);
  await context.database.db.updateTable('tenants').set({ plan: ENTERPRISE_PLAN_ID }).where('id', '=', owner.tenantId!).execute();
  await context.database.db.updateTable('auth_tokens').set({ expires_at: '2030-01-01T00:00:00.000Z' }).where('user_id', '=', owner.userId).execute();
  templateId = (await builtinTemplateIds(context, 1))[0]!;
});
afterAll(async () => {
  await context.close();
  await smtp.stop();
});

const later = (ms: number) => new Date(context.clock.now().getTime() + ms).toISOString();

/** A launched campaign to people of its own, and the mails that reached them. */
async function launched(count: number, input: Partial<CampaignInput> = {}, account = owner, options: { groupId?: number } = {}) {
  const prefix = `d${(prefixes += 1)}`;
  const people = await addPeople(context, account.tenantId!, count, { prefix, ...options });
  const campaign = await createCampaignViaApi(context, account, { template_ids: [templateId], all_users: false, user_ids: people, ...input });
  const id = campaign.campaign.campaign_id;
  const response = await campaignAction(context, account, id, 'launch');
  expect(response.statusCode, response.body).toBe(200);
  const mails = () => smtp.received.filter((mail) => mail.to[0]!.startsWith(`${prefix}-`));
  return { id, people, prefix, mails };
}

async function get<T>(url: string, account = owner): Promise<T> {
  const response = await callApi(context, { method: 'GET', url, token: account.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

const recipientsOf = async (id: number, query = '', account = owner) => (await get<RecipientList>(`/api/campaigns/${id}/recipients?limit=200${query}`, account)).recipients;

describe('pause and resume', () => {
  it('pausing stops every send not yet handed to SMTP (queued mail is taken back); resuming sends the rest, spread again, each once', async () => {
    // Six sends evenly over six hours: at 0:30, 1:30, … 5:30.
    const { id, mails } = await launched(6, { end_at: later(6 * HOUR) });
    context.clock.advance(2 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(2);
    expect((await get<CampaignDetail>(`/api/campaigns/${id}`)).campaign.status).toBe('running');

    // The third is handed to the outbox, then the campaign is paused before SMTP gets it.
    context.clock.advance(HOUR);
    await context.app.campaignDispatcher.drain();
    const queued = () => context.database.db.selectFrom('campaign_recipients').select(['id', 'outbox_id']).where('campaign_id', '=', id).where('queued_at', 'is not', null).where('sent_at', 'is', null).execute();
    const inOutbox = await queued();
    expect(inOutbox).toHaveLength(1);
    const paused = await campaignAction(context, owner, id, 'pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await queued()).toHaveLength(0);
    expect(await context.database.db.selectFrom('mail_outbox').select('id').where('id', '=', inOutbox[0]!.outbox_id!).execute()).toHaveLength(0);

    // Well past the window: nothing goes out while paused.
    context.clock.advance(5 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(2);
    expect((await get<CampaignDetail>(`/api/campaigns/${id}`)).status_counts).toMatchObject({ sent: 2, scheduled: 4 });

    const resumedAt = context.clock.now().getTime();
    const resumed = await campaignAction(context, owner, id, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.campaign.status).toBe('running');
    // The window has passed: the four overdue sends are spread over the next hour, not fired at once.
    const planned = (await recipientsOf(id, '&status=scheduled')).map((recipient) => Date.parse(recipient.planned_at));
    expect(planned).toHaveLength(4);
    expect(new Set(planned).size).toBe(4);
    for (const at of planned) {
      expect(at).toBeGreaterThan(resumedAt);
      expect(at).toBeLessThanOrEqual(resumedAt + HOUR);
    }
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(2);
    context.clock.advance(30 * MINUTE);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(4);
    context.clock.advance(30 * MINUTE);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(6);
    expect(new Set(mails().map((mail) => mail.to[0])).size).toBe(6);
    expect((await get<CampaignDetail>(`/api/campaigns/${id}`)).campaign.emails_sent).toBe(6);
  });

  it('a mail a worker had already claimed when the campaign was paused is withdrawn, not sent, and goes out after the resume', async () => {
    const { id, mails } = await launched(3);
    await context.app.campaignDispatcher.drain();
    // As if a worker had claimed the batch just before the pause: the status changes while the mail sits in the outbox.
    await context.database.db.updateTable('campaigns').set({ status: 'paused' }).where('id', '=', id).execute();
    await context.app.mail.worker.drain();
    expect(mails()).toHaveLength(0);
    const held = await recipientsOf(id);
    expect(held.every((recipient) => recipient.status === 'scheduled' && recipient.sent_at === null)).toBe(true);
    const outbox = await context.database.db.selectFrom('mail_outbox').innerJoin('campaign_recipients', 'campaign_recipients.id', 'mail_outbox.campaign_recipient_id')
      .select('mail_outbox.id').where('campaign_recipients.campaign_id', '=', id).execute();
    expect(outbox).toHaveLength(0);

    expect((await campaignAction(context, owner, id, 'resume')).statusCode).toBe(200);
    context.clock.advance(2 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(3);
    expect((await recipientsOf(id)).every((recipient) => recipient.status === 'sent')).toBe(true);
  });

  it('a resume inside the window spreads the overdue sends over what is left of it', async () => {
    // Four sends over eight hours: at 1, 3, 5 and 7 h.
    const { id, mails } = await launched(4, { end_at: later(8 * HOUR) });
    const end = context.clock.now().getTime() + 8 * HOUR;
    expect((await campaignAction(context, owner, id, 'pause')).statusCode).toBe(200);
    context.clock.advance(4 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(0);
    const resumed = await campaignAction(context, owner, id, 'resume');
    // Nothing was sent yet: back to scheduled.
    expect(resumed.json().data.campaign.status).toBe('scheduled');
    const now = context.clock.now().getTime();
    const planned = (await recipientsOf(id)).map((recipient) => Date.parse(recipient.planned_at)).sort((a, b) => a - b);
    // The two overdue (1 h and 3 h) are spread over 4 h → 8 h, the others keep their times.
    expect(planned.filter((at) => at <= now)).toHaveLength(0);
    for (const at of planned) expect(at).toBeLessThanOrEqual(end);
    expect(planned).toContain(now + HOUR);
    context.clock.advance(4 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(4);
  });
});

describe('SMTP answers', () => {
  it('retries a 4xx with backoff, then sends', async () => {
    const { id, mails } = await launched(1);
    smtp.answers.push({ accept: false, code: 451, message: '4.3.0 Try again later' });
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(0);
    expect((await recipientsOf(id))[0]!.status).toBe('scheduled');
    // The mail worker's first retry comes after a minute (its default backoff), not before.
    context.clock.advance(30_000);
    await context.app.mail.worker.drain();
    expect(mails()).toHaveLength(0);
    context.clock.advance(31_000);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(1);
    const [recipient] = await recipientsOf(id);
    expect(recipient).toMatchObject({ status: 'sent', failure_reason: null });
    expect(recipient!.sent_at).not.toBeNull();
  });

  it('marks the recipient failed on a 5xx, with the reason, and does not retry', async () => {
    const { id, mails } = await launched(2);
    smtp.answers.push({ accept: false, code: 550, message: '5.1.1 User unknown' });
    await dispatchAndDeliver(context);
    context.clock.advance(2 * HOUR);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(1);
    const failed = await recipientsOf(id, '&status=failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.failure_reason).toMatch(/550/);
    expect(failed[0]!.failure_reason).toContain('User unknown');
    expect(failed[0]!.sent_at).toBeNull();
    const detail = await get<CampaignDetail>(`/api/campaigns/${id}`);
    expect(detail.status_counts).toMatchObject({ sent: 1, failed: 1 });
    expect(detail.campaign.emails_sent).toBe(1);
    const timeline = await get<RecipientEvents>(`/api/campaigns/${id}/recipients/${failed[0]!.recipient_id}/events`);
    expect(timeline.events.map((event) => event.kind)).toEqual(['scheduled', 'failed']);
    expect(timeline.events[1]!.reason).toBe(failed[0]!.failure_reason);
  });
});

describe('the training mail', () => {
  it('comes from the template’s sender at the training domain, with a tracked HTML part and text part, the simulation header and no ad', async () => {
    // A free tenant: the one that sees ads elsewhere in the app; never in a training mail.
    const free = await createAccount(context);
    const { id, mails } = await launched(1, {}, free);
    await dispatchAndDeliver(context);
    expect(mails()).toHaveLength(1);
    const template = await context.database.db.selectFrom('training_templates').select(['sender_name', 'sender_local_part']).where('id', '=', templateId).executeTakeFirstOrThrow();
    const { headers } = parseRawMail(mails()[0]!.raw);
    const from = decodeHeader(headers.get('from')!);
    expect(from).toContain(template.sender_name);
    expect(from).toContain(`<${template.sender_local_part}@${TRAINING_DOMAIN}>`);
    expect(headers.get(HEADER.name.toLowerCase())).toBe(HEADER.value);

    const [recipient] = await recipientsOf(id, '', free);
    const token = (await context.database.db.selectFrom('campaign_recipients').select('token').where('id', '=', recipient!.recipient_id).executeTakeFirstOrThrow()).token;
    const parts = mimeParts(mails()[0]!.raw);
    const html = parts.get('text/html')!;
    const text = parts.get('text/plain')!;
    expect(html).toContain(`src="${APP_URL}/t/o/${token}.gif"`);
    expect(html).toContain(`href="${APP_URL}/t/c/${token}"`);
    expect(text).toContain(`${APP_URL}/t/c/${token}`);
    expect(text).not.toContain('<');
    for (const part of [html, text]) {
      expect(part).not.toMatch(/広告|スポンサー|sponsored|adsbygoogle|doubleclick/i);
      expect(part).not.toMatch(/<script|<iframe/i);
    }
    // Every link in the mail is ours: the tracked link or the hidden honeypot.
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${APP_URL}/t/`), href).toBe(true);
  });
});

describe('reading the results', () => {
  it('pages recipients on the server and filters them by status, text and group', async () => {
    const group = await addGroup(context, owner.tenantId!, '経理部');
    const grouped = await addPeople(context, owner.tenantId!, 5, { prefix: 'keiri', groupId: group });
    const { id, people } = await launched(20, { end_at: later(10 * HOUR) });
    const campaign = await createCampaignViaApi(context, owner, { template_ids: [templateId], all_users: false, user_ids: [...people, ...grouped], group_ids: [group] });
    expect((await campaignAction(context, owner, campaign.campaign.campaign_id, 'launch')).statusCode).toBe(200);
    const mixed = campaign.campaign.campaign_id;
    context.clock.advance(10 * HOUR);
    await dispatchAndDeliver(context);

    const page = await get<RecipientList>(`/api/campaigns/${mixed}/recipients?limit=10&offset=20`);
    expect(page.pagination).toEqual({ total: 25, limit: 10, offset: 20, has_more: false });
    expect(page.recipients).toHaveLength(5);
    const first = await get<RecipientList>(`/api/campaigns/${mixed}/recipients?limit=10`);
    expect(first.pagination).toEqual({ total: 25, limit: 10, offset: 0, has_more: true });
    const ids = new Set([...first.recipients, ...(await get<RecipientList>(`/api/campaigns/${mixed}/recipients?limit=10&offset=10`)).recipients, ...page.recipients].map((recipient) => recipient.recipient_id));
    expect(ids.size).toBe(25);

    const byGroup = await get<RecipientList>(`/api/campaigns/${mixed}/recipients?group_id=${group}`);
    expect(byGroup.pagination.total).toBe(5);
    expect(byGroup.recipients.every((recipient) => recipient.email.startsWith('keiri-'))).toBe(true);
    const byText = await get<RecipientList>(`/api/campaigns/${mixed}/recipients?q=keiri-3`);
    expect(byText.recipients.map((recipient) => recipient.email)).toEqual(['keiri-3@example.co.jp']);
    expect((await get<RecipientList>(`/api/campaigns/${mixed}/recipients?status=sent`)).pagination.total).toBe(25);
    expect((await get<RecipientList>(`/api/campaigns/${mixed}/recipients?status=scheduled`)).pagination.total).toBe(0);
    // The other campaign's recipients never show here.
    expect((await get<RecipientList>(`/api/campaigns/${id}/recipients`)).pagination.total).toBe(20);
    const bad = await callApi(context, { method: 'GET', url: `/api/campaigns/${mixed}/recipients?status=bogus`, token: owner.token });
    expect(bad.statusCode).toBe(422);
  });

  it('gives each recipient a timeline: scheduled, sent, then every tracking request with whether it counted', async () => {
    const { id, mails } = await launched(1);
    await dispatchAndDeliver(context);
    const html = mimeParts(mails()[0]!.raw).get('text/html')!;
    const pixel = new URL(/src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1]!);
    context.clock.advance(MINUTE);
    expect((await context.app.inject({ method: 'GET', url: pixel.pathname, headers: { 'user-agent': CHROME } })).statusCode).toBe(200);
    const [recipient] = await recipientsOf(id);
    expect(recipient!.status).toBe('opened');
    const timeline = await get<RecipientEvents>(`/api/campaigns/${id}/recipients/${recipient!.recipient_id}/events`);
    expect(timeline.recipient.recipient_id).toBe(recipient!.recipient_id);
    expect(timeline.events.map((event) => [event.kind, event.counted])).toEqual([['scheduled', false], ['sent', true], ['open', true]]);
    const open = timeline.events[2]!;
    expect(open).toMatchObject({ reason: null, user_agent: CHROME });
    expect(open.at).toMatch(/\+09:00$/);
    for (const event of timeline.events) expect(Object.keys(event).sort()).toEqual(['at', 'counted', 'ip', 'kind', 'reason', 'user_agent']);
    const missing = await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/recipients/999999/events`, token: owner.token });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the results as CSV for Excel: BOM, a header row and one row per recipient with Japanese statuses', async () => {
    const { id, people } = await launched(3, { end_at: later(3 * HOUR) });
    // 0:30 sent, 1:30 failed (5xx), 2:30 never sent (ended early).
    context.clock.advance(HOUR);
    await dispatchAndDeliver(context);
    smtp.answers.push({ accept: false, code: 550, message: '5.1.1 User unknown' });
    context.clock.advance(HOUR);
    await dispatchAndDeliver(context);
    expect((await campaignAction(context, owner, id, 'complete')).statusCode).toBe(200);
    expect(people).toHaveLength(3);

    const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${id}/export`, token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="campaign-\d+-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.pop()).toBe('');
    const rows = lines.map((line) => line.slice(1, -1).split('","'));
    expect(rows[0]).toEqual(['氏名', 'メールアドレス', '部署', 'グループ', 'テンプレート', '状態', '送信予定日時', '送信日時', '開封日時', 'クリック日時', '入力日時', '報告日時', '失敗理由']);
    expect(rows).toHaveLength(4);
    const statuses = rows.slice(1).map((row) => row[5]).sort();
    expect(statuses).toEqual([RECIPIENT_STATUS_LABELS.cancelled, RECIPIENT_STATUS_LABELS.failed, RECIPIENT_STATUS_LABELS.sent].sort());
    const sent = rows.find((row) => row[5] === RECIPIENT_STATUS_LABELS.sent)!;
    expect(sent[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const failed = rows.find((row) => row[5] === RECIPIENT_STATUS_LABELS.failed)!;
    expect(failed[12]).toContain('User unknown');
    const recipients: Recipient[] = await recipientsOf(id);
    expect(rows.slice(1).map((row) => row[1]).sort()).toEqual(recipients.map((recipient) => recipient.email).sort());
  });
});
