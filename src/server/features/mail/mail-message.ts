import { AppError } from '../../errors';

/** What a feature asks to send. Every mail has both an HTML and a plain-text part. */
export interface OutgoingMail {
  to: string;
  /** Japanese is fine: nodemailer encodes the subject as UTF-8 encoded-words. */
  subject: string;
  text: string;
  html: string;
  /** Adds `List-Unsubscribe` (and one-click `List-Unsubscribe-Post`) when the mail is one a person can stop. */
  unsubscribeUrl?: string;
  /** The mail's own sender (a training mail's lure sender); MAIL_FROM when absent. */
  from?: MailSender;
  /** More headers, e.g. the simulation header gateways allow-list training mail by. */
  headers?: Record<string, string>;
}

/** A mail as stored in the outbox and handed to a transport. */
export interface MailEnvelope {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  from?: MailSender;
}

export interface MailSender {
  name: string;
  address: string;
}

const LINE_BREAK = /[\r\n]/;
// One address, no display name: the local part and domain without spaces, angle brackets or commas.
const PLAIN_ADDRESS = /^[^\s@<>,;"()]+@[^\s@<>,;"()]+\.[^\s@<>,;"()]+$/;
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

function invalid(field: string, message: string): AppError {
  return AppError.validation({ [field]: [message] }, 'メールを作成できません: ' + message);
}

/** Refuses header values that could start a new header (CR/LF) — no header injection. */
function assertSingleLine(field: string, value: string): void {
  if (LINE_BREAK.test(value)) throw invalid(field, `${field} に改行を含めることはできません`);
}

/** Checks a mail before it is stored, so a bad one fails the caller's transaction instead of the worker. */
export function toEnvelope(mail: OutgoingMail): MailEnvelope {
  assertSingleLine('to', mail.to);
  if (!PLAIN_ADDRESS.test(mail.to)) throw invalid('to', '宛先のメールアドレスが正しくありません');
  assertSingleLine('subject', mail.subject);
  if (mail.subject.trim() === '') throw invalid('subject', '件名がありません');
  if (mail.text.trim() === '' || mail.html.trim() === '') throw invalid('body', 'HTML とテキストの両方の本文が必要です');
  const headers: Record<string, string> = {};
  if (mail.unsubscribeUrl !== undefined) {
    assertSingleLine('unsubscribeUrl', mail.unsubscribeUrl);
    if (!/^https?:\/\/[^\s<>]+$/.test(mail.unsubscribeUrl)) throw invalid('unsubscribeUrl', '配信停止の URL が正しくありません');
    headers['List-Unsubscribe'] = `<${mail.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  if (mail.from !== undefined) assertSender(mail.from);
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw invalid('headers', `ヘッダー名 ${JSON.stringify(name)} は使えません`);
    assertSingleLine(name, value);
    headers[name] = value;
  }
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers, ...(mail.from ? { from: mail.from } : {}) };
}

/** A sender's display name on one line and one plain address. */
function assertSender(from: MailSender): void {
  assertSingleLine('from', from.name);
  assertSingleLine('from', from.address);
  if (!PLAIN_ADDRESS.test(from.address)) throw invalid('from', '送信元のメールアドレスが正しくありません');
}

/** Re-checks a stored envelope before sending (rows could have been written by other code). */
export function assertSafeEnvelope(envelope: MailEnvelope): void {
  assertSingleLine('to', envelope.to);
  if (!PLAIN_ADDRESS.test(envelope.to)) throw invalid('to', '宛先のメールアドレスが正しくありません');
  assertSingleLine('subject', envelope.subject);
  if (envelope.from !== undefined) assertSender(envelope.from);
  for (const [name, value] of Object.entries(envelope.headers)) {
    if (!HEADER_NAME.test(name)) throw invalid('headers', `ヘッダー名 ${JSON.stringify(name)} は使えません`);
    assertSingleLine(name, value);
  }
}

/** An absolute link for a mail, always built from APP_URL (never from a request's Host header). */
export function mailLink(appUrl: string, pathname: string, query: Record<string, string> = {}): string {
  const url = new URL(pathname, `${appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Parses MAIL_FROM: `名前 <address>` or a bare address. Null when it is not one of those. */
export function parseMailSender(value: string): MailSender | null {
  if (LINE_BREAK.test(value)) return null;
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const name = named ? (named[1] ?? '').replace(/^"(.*)"$/, '$1').trim() : '';
  const address = named ? (named[2] ?? '').trim() : trimmed;
  if (!PLAIN_ADDRESS.test(address)) return null;
  return { name, address };
}
