import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RecipientEvents } from '../../common/campaigns.schema';
import { callApi, createAccount, type FactoryAccount } from './account-factories';
import { addPeople, campaignAction, createCampaignViaApi, dispatchAndDeliver } from './campaign-factories';
import { mimeParts, TestSmtpServer } from './smtp-test-server';
import { createTestApp, type TestContext } from './test-app';

/** The origin tracking links are built on in these tests (TRACKING_URL). */
export const TRACKING_ORIGIN = 'https://t.kizuki.test';

/**
 * A test app on a real SMTP server on loopback, with tracking on its own origin and the too-early
 * rule at 10 s (what the tracking test files share).
 */
export async function startTrackingTestApp(): Promise<{ smtp: TestSmtpServer; context: TestContext; stop: () => Promise<void> }> {
  const smtp = await new TestSmtpServer().start();
  const context = await createTestApp({
    SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', TRACKING_URL: TRACKING_ORIGIN, TRAINING_MAIL_DOMAIN: 'training.kizuki.test', TRACKING_MIN_CLICK_DELAY_S: '10',
  });
  return {
    smtp,
    context,
    stop: async () => {
      await context.close();
      await smtp.stop();
    },
  };
}

/** A current desktop Chrome: what a person clicking in their mail sends. */
export const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A lure with two red flags whose excerpts stand in the subject and the body, so both are marked. */
export function lureTemplate(landing: 'training' | 'login') {
  return {
    name: `パスワード期限切れの通知（${landing}）`, category: 'internal', difficulty: 2, sender_name: '情報システム部', sender_local_part: 'it-support',
    subject: '【至急】{{name}}さんのパスワード有効期限',
    html_body: '<p>{{company_name}} {{name}} 様</p><p>パスワードの有効期限が本日で切れます。</p><p><a href="{{url}}">今すぐ更新する</a></p>',
    text_body: '{{name}} 様\nパスワードの有効期限が本日で切れます。\n今すぐ更新する {{url}}',
    landing,
    red_flags: [
      { label: '急がせる件名', explanation: '「至急」で考える時間を奪おうとしています。', excerpt: '至急' },
      { label: '期限で不安にさせる本文', explanation: '期限切れを理由にリンクを押させる、よくある手口です。', excerpt: '有効期限が本日で切れます' },
    ],
  };
}

/** One delivered training mail with the tracking paths found in its HTML part. */
export interface DeliveredLure {
  to: string;
  recipientId: number;
  /** /t/o/<token>.gif */
  pixel: string;
  /** /t/c/<token> */
  click: string;
  /** /t/h/<token> */
  honeypot: string;
  token: string;
}

export interface LaunchedCampaign {
  account: FactoryAccount;
  campaignId: number;
  mails: DeliveredLure[];
}

/** The path of the first link in `html` on TRACKING_ORIGIN under `prefix` (e.g. '/t/c/'). */
function trackingPath(html: string, attribute: 'href' | 'src', prefix: string): string {
  const escaped = `${TRACKING_ORIGIN}${prefix}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = new RegExp(`${attribute}="${escaped}([^"]+)"`).exec(html);
  expect(found, `${attribute} ${prefix} in the mail`).not.toBeNull();
  return `${prefix}${found![1]!}`;
}

/**
 * A new tenant (its own free allowance) with `count` people, one campaign of its own `landing`
 * template (or of a built-in one) launched to start now, dispatched and delivered to `smtp`; returns the mails as received.
 */
export async function launchDelivered(
  context: TestContext,
  smtp: TestSmtpServer,
  options: { count: number; landing: 'training' | 'login'; companyName?: string; builtinTemplateId?: number },
): Promise<LaunchedCampaign> {
  const account = await createAccount(context, options.companyName ? { companyName: options.companyName } : {});
  let templateId = options.builtinTemplateId;
  if (templateId === undefined) {
    const template = await callApi(context, { method: 'POST', url: '/api/templates', token: account.token, payload: lureTemplate(options.landing) });
    expect(template.statusCode, template.body).toBe(201);
    templateId = template.json().data.template_id as number;
  }
  const userIds = await addPeople(context, account.tenantId!, options.count);
  const detail = await createCampaignViaApi(context, account, { template_ids: [templateId], all_users: false, user_ids: userIds });
  const campaignId = detail.campaign.campaign_id;
  const launched = await campaignAction(context, account, campaignId, 'launch');
  expect(launched.statusCode, launched.body).toBe(200);
  const before = smtp.received.length;
  await dispatchAndDeliver(context);
  const received = smtp.received.slice(before);
  expect(received).toHaveLength(options.count);

  const list = await callApi(context, { method: 'GET', url: `/api/campaigns/${campaignId}/recipients?limit=100`, token: account.token });
  expect(list.statusCode, list.body).toBe(200);
  const idOf = new Map((list.json().data.recipients as Array<{ recipient_id: number; email: string }>).map((recipient) => [recipient.email, recipient.recipient_id]));
  const mails = received.map((mail): DeliveredLure => {
    const html = mimeParts(mail.raw).get('text/html') ?? '';
    const click = trackingPath(html, 'href', '/t/c/');
    return {
      to: mail.to[0]!,
      recipientId: idOf.get(mail.to[0]!)!,
      pixel: trackingPath(html, 'src', '/t/o/'),
      click,
      honeypot: trackingPath(html, 'href', '/t/h/'),
      token: click.slice('/t/c/'.length),
    };
  });
  return { account, campaignId, mails };
}

/** A tracking request as a browser (or a scanner) sends it, from `ip`. */
export function visit(
  context: TestContext,
  url: string,
  options: { method?: 'GET' | 'HEAD' | 'POST'; ip?: string; userAgent?: string; referer?: string; payload?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? CHROME };
  if (options.referer) headers.referer = options.referer;
  if (options.contentType) headers['content-type'] = options.contentType;
  return context.app.inject({ method: options.method ?? 'GET', url, headers, remoteAddress: options.ip ?? '198.51.100.10', payload: options.payload });
}

/** The campaign as GET /api/campaigns/{id} shows it (counters and rates). */
export async function campaignCounters(context: TestContext, launched: LaunchedCampaign) {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${launched.campaignId}`, token: launched.account.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.campaign as { emails_sent: number; emails_opened: number; emails_clicked: number; emails_submitted: number; open_rate: number; click_rate: number; submit_rate: number };
}

export async function recipientOf(context: TestContext, launched: LaunchedCampaign, recipientId: number) {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${launched.campaignId}/recipients?limit=100`, token: launched.account.token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.recipients as Array<{ recipient_id: number; status: string; opened_at: string | null; clicked_at: string | null; submitted_at: string | null }>).find((recipient) => recipient.recipient_id === recipientId)!;
}

/** GET …/recipients/{id}/events: the timeline an administrator reads. */
export async function timeline(context: TestContext, launched: LaunchedCampaign, recipientId: number): Promise<RecipientEvents['events']> {
  const response = await callApi(context, { method: 'GET', url: `/api/campaigns/${launched.campaignId}/recipients/${recipientId}/events`, token: launched.account.token });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as RecipientEvents).events;
}

/** The stored tracking requests of one recipient, in order. */
export async function storedEvents(context: TestContext, recipientId: number) {
  return context.database.db.selectFrom('tracking_events').select(['kind', 'counted', 'reason', 'method', 'ip']).where('recipient_id', '=', recipientId).orderBy('id').execute();
}
