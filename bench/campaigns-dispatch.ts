import { SMTP_POOL_CONNECTIONS } from '../src/server/features/mail/mail-transport';
import { DEFAULT_MAIL_CONCURRENCY } from '../src/server/features/mail/mail-worker';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../src/server/db/schema';
import type { SmtpSinkProcess } from './smtp-sink-process';

/** What one timed send of the whole campaign gave. */
export interface DispatchRun {
  label: string;
  seconds: number;
  /** Messages per second over the whole run. */
  rate: number;
  duplicates: number;
  missing: number;
  /** Launch only: the launch request itself (recipients resolved, planned and stored). */
  launchMs?: number;
  /** Launch only: from the launch request until the first message was accepted. */
  firstMessageMs?: number;
}

/** As many messages in flight as the mail worker keeps (mail-worker.ts), over the same pool. */
export const BASELINE_IN_FLIGHT = DEFAULT_MAIL_CONCURRENCY;
export const ARRIVAL_TIMEOUT_MS = 20 * 60_000;

/**
 * The app's run: launches the campaign through the API and waits until the sink has accepted a
 * message for every expected address. The dispatcher and the mail worker run in the app's process
 * with their production settings; nothing is called directly.
 */
export async function timeLaunchedDispatch(
  sink: SmtpSinkProcess,
  launch: () => Promise<void>,
  expectedAddresses: readonly string[],
): Promise<DispatchRun> {
  const { arrived } = await sink.expect(expectedAddresses.length, ARRIVAL_TIMEOUT_MS);
  const started = Date.now();
  await launch();
  const launchMs = Date.now() - started;
  const { first, last } = await arrived;
  return { label: 'app: launch → dispatcher → outbox → mail worker → SMTP', launchMs, firstMessageMs: first - started, ...(await arrivalOutcome(sink, started, last, expectedAddresses)) };
}

/**
 * The baseline: a plain pooled nodemailer loop with our transport's pool settings (mail-transport.ts:
 * pool, maxConnections 3, the same message fields) and the worker's number of messages in flight,
 * sending the very envelopes the app stored in its outbox.
 */
export async function timeBaselineLoop(sink: SmtpSinkProcess, smtpUrl: string, db: Kysely<Database>, campaignId: number, expectedAddresses: readonly string[]): Promise<DispatchRun> {
  return timeBaselineSend(sink, smtpUrl, await storedMessages(db, campaignId), expectedAddresses);
}

/** The baseline loop on any set of stored messages (campaign or individual training mail). */
export async function timeBaselineSend(sink: SmtpSinkProcess, smtpUrl: string, messages: readonly BaselineMessage[], expectedAddresses: readonly string[]): Promise<DispatchRun> {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({ pool: true, maxConnections: SMTP_POOL_CONNECTIONS, host: url.hostname, port: Number(url.port), secure: false });
  try {
    const { arrived } = await sink.expect(expectedAddresses.length, ARRIVAL_TIMEOUT_MS);
    const started = Date.now();
    let next = 0;
    const lane = async () => {
      while (next < messages.length) await transporter.sendMail(messages[next++]!);
    };
    await Promise.all(Array.from({ length: BASELINE_IN_FLIGHT }, lane));
    const { last } = await arrived;
    return { label: `baseline: pooled nodemailer loop, ${BASELINE_IN_FLIGHT} in flight`, ...(await arrivalOutcome(sink, started, last, expectedAddresses)) };
  } finally {
    transporter.close();
  }
}

/** The outbox columns a message is sent from. */
export type StoredMessageRow = Pick<Database['mail_outbox'], 'to_address' | 'subject' | 'text_body' | 'html_body' | 'from_name' | 'from_address'> & { headers: string };

/** A stored message as nodemailer takes it, built the way createSmtpTransport builds it. */
export function baselineMessage(row: StoredMessageRow) {
  return {
    from: { name: row.from_name ?? '', address: row.from_address ?? '' },
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: JSON.parse(row.headers) as Record<string, string>,
    textEncoding: 'base64' as const,
  };
}
export type BaselineMessage = ReturnType<typeof baselineMessage>;

/** The outbox rows of the campaign, as nodemailer messages. */
async function storedMessages(db: Kysely<Database>, campaignId: number): Promise<BaselineMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .innerJoin('campaign_recipients', 'campaign_recipients.id', 'mail_outbox.campaign_recipient_id')
    .select(['mail_outbox.to_address', 'mail_outbox.subject', 'mail_outbox.text_body', 'mail_outbox.html_body', 'mail_outbox.headers', 'mail_outbox.from_name', 'mail_outbox.from_address'])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .orderBy('mail_outbox.id')
    .execute();
  return rows.map(baselineMessage);
}

/** Waits a moment for stragglers (a duplicate arrives after the last new address), then counts. */
export async function arrivalOutcome(sink: SmtpSinkProcess, started: number, last: number, expectedAddresses: readonly string[]) {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const tally = await sink.tally(true);
  const received = new Set(tally.addresses);
  const seconds = (last - started) / 1000;
  return {
    seconds,
    rate: expectedAddresses.length / seconds,
    duplicates: tally.duplicates,
    missing: expectedAddresses.filter((address) => !received.has(address)).length,
  };
}
