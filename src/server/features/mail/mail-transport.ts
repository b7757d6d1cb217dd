import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import type { MailEnvelope, MailSender } from './mail-message';

export interface SentMail {
  messageId: string;
}

/** Where mail goes: an SMTP server, or the development mailbox on disk. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(envelope: MailEnvelope): Promise<SentMail>;
  close(): Promise<void>;
}

/**
 * A failed delivery, sorted for the worker: `temporary` (SMTP 4xx, connection refused or lost,
 * timeouts) is retried later; `permanent` (SMTP 5xx, a message that cannot be built) is not.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/** Reads nodemailer's error: `responseCode` is the SMTP answer when there was one. */
export function classifyDeliveryError(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const details = (error ?? {}) as { message?: unknown; responseCode?: unknown; code?: unknown; response?: unknown };
  const message = String(details.message ?? error);
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
    // Authentication refused is our configuration, not the message: keep it and try again later.
    if (details.code === 'EAUTH') return new MailDeliveryError(message, true, responseCode);
    return new MailDeliveryError(message, false, responseCode);
  }
  // 4xx, and everything without an SMTP answer (refused, reset, timed out, DNS): try again later.
  return new MailDeliveryError(message, true, responseCode);
}

function nodemailerMessage(envelope: MailEnvelope, defaultFrom: MailSender) {
  const from = envelope.from ?? defaultFrom;
  return {
    // An object, so nodemailer encodes a Japanese display name as a UTF-8 encoded-word.
    from: { name: from.name, address: from.address },
    to: envelope.to,
    subject: envelope.subject,
    text: envelope.text,
    html: envelope.html,
    headers: envelope.headers,
    textEncoding: 'base64' as const,
  };
}

export interface SmtpTransportOptions {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  from: MailSender;
  /** Milliseconds for connecting, greeting and each SMTP answer (nodemailer's defaults are minutes). */
  timeoutMs?: number;
}

/** SMTP connections the pool keeps open. */
export const SMTP_POOL_CONNECTIONS = 3;

/** nodemailer with a connection pool; credentials come from the URL (percent-decoded). */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(envelope) {
      try {
        const info = (await transporter.sendMail(nodemailerMessage(envelope, options.from))) as { messageId: string };
        return { messageId: info.messageId };
      } catch (error) {
        throw classifyDeliveryError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** One stored development mail, as written next to its .eml file. */
export interface DevMailboxEntry {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  storedAt: string;
}

const senderLine = (from: MailSender) => (from.name ? `${from.name} <${from.address}>` : from.address);

const DEV_ID = /^[0-9]{13}-[0-9a-f]{8}$/;

/**
 * Development mailbox: each mail is built by nodemailer exactly as it would be sent and stored as
 * `<id>.eml` plus `<id>.json` under `$DATA_DIR/dev-mailbox/`, readable at /dev/mailbox.
 */
export class DevMailbox implements MailTransport {
  readonly kind = 'dev-mailbox' as const;
  private readonly builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly folder: string,
    private readonly from: MailSender,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(envelope: MailEnvelope): Promise<SentMail> {
    const info = (await this.builder.sendMail(nodemailerMessage(envelope, this.from))) as { messageId: string; message: Buffer };
    const storedAt = this.now();
    const id = `${String(storedAt.getTime()).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
    const entry: DevMailboxEntry = {
      id,
      messageId: info.messageId,
      from: senderLine(envelope.from ?? this.from),
      to: envelope.to,
      subject: envelope.subject,
      text: envelope.text,
      html: envelope.html,
      headers: envelope.headers,
      storedAt: storedAt.toISOString(),
    };
    await fs.mkdir(this.folder, { recursive: true });
    await fs.writeFile(path.join(this.folder, `${id}.eml`), info.message);
    await fs.writeFile(path.join(this.folder, `${id}.json`), JSON.stringify(entry, null, 2));
    return { messageId: info.messageId };
  }

  /** Newest first. */
  async list(limit = 200): Promise<DevMailboxEntry[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.folder);
    } catch {
      return [];
    }
    const ids = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => DEV_ID.test(id))
      .sort()
      .reverse()
      .slice(0, limit);
    const entries = await Promise.all(ids.map((id) => this.get(id)));
    return entries.filter((entry): entry is DevMailboxEntry => entry !== null);
  }

  async get(id: string): Promise<DevMailboxEntry | null> {
    if (!DEV_ID.test(id)) return null;
    try {
      return JSON.parse(await fs.readFile(path.join(this.folder, `${id}.json`), 'utf8')) as DevMailboxEntry;
    } catch {
      return null;
    }
  }

  async raw(id: string): Promise<Buffer | null> {
    if (!DEV_ID.test(id)) return null;
    return fs.readFile(path.join(this.folder, `${id}.eml`)).catch(() => null);
  }

  async close(): Promise<void> {
    this.builder.close();
  }
}

/** SMTP when SMTP_URL is set; otherwise (never in production, see config) the development mailbox. */
export function createMailTransport(config: AppConfig, now: () => Date = () => new Date()): MailTransport {
  if (config.mail.smtpUrl) return createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from });
  return new DevMailbox(path.join(config.dataDir, 'dev-mailbox'), config.mail.from, now);
}
