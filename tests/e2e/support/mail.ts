import { emailConfirmationMail, passwordResetMail, registrationConfirmationMail } from '../../../src/server/features/accounts/account-mails';
import path from 'node:path';
import { DEFAULT_MAIL_FROM } from '../../../src/server/config';
import { parseMailSender, type MailSender } from '../../../src/server/features/mail/mail-message';
import { DevMailbox } from '../../../src/server/features/mail/mail-transport';
import { TestSmtpServer, decodeHeader, mimeParts, parseRawMail } from '../../../src/server/test/smtp-test-server';
import { eventually } from './eventually';

/**
 * The account mails the training pages lead to, read from a real SMTP server on loopback that
 * the e2e server delivers to (SMTP_URL), the way a person reads them in their inbox.
 */

export interface ReadMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A mail as the SMTP server received it, with its headers (List-Unsubscribe and the like). */
export interface ReceivedMail extends ReadMail {
  headers: Map<string, string>;
}

/** Subjects as the server writes them (taken from its own mail builders, never retyped). */
const sample = { to: 'sample@example.jp', appUrl: 'http://sample.invalid', token: 't', expiresAt: new Date(0) };
export const MAIL_SUBJECTS = {
  registrationConfirmation: registrationConfirmationMail(sample).subject,
  passwordReset: passwordResetMail({ ...sample, name: '' }).subject,
  emailConfirmation: emailConfirmationMail(sample).subject,
} as const;

/** Where a test reads the mail the server sent: a real SMTP server (Mailbox) or the development mailbox. */
export interface MailReader {
  waitForMail(address: string, subject: string, count?: number): Promise<ReadMail>;
}

export class Mailbox implements MailReader {
  private readonly smtp = new TestSmtpServer();

  async start(): Promise<this> {
    await this.smtp.start();
    return this;
  }

  url(): string {
    return this.smtp.url();
  }

  stop(): Promise<void> {
    return this.smtp.stop();
  }

  /** Every mail received for an address, oldest first, whatever its subject (e.g. a lure the server chose). */
  allMailsTo(address: string): ReceivedMail[] {
    return this.smtp.received
      .filter((mail) => mail.to.includes(address))
      .map((mail) => {
        const { headers } = parseRawMail(mail.raw);
        const parts = mimeParts(mail.raw);
        return { to: mail.to, subject: decodeHeader(headers.get('subject') ?? ''), headers, text: parts.get('text/plain') ?? '', html: parts.get('text/html') ?? '' };
      });
  }

  /** Every mail received for an address with this subject, oldest first. */
  mailsTo(address: string, subject: string): ReceivedMail[] {
    return this.allMailsTo(address).filter((mail) => mail.subject === subject);
  }

  /** Waits until the `count`-th mail of any subject to an address has arrived; returns it. */
  async waitForAnyMail(address: string, count = 1, timeoutMs = 30_000): Promise<ReceivedMail> {
    await eventually(() => this.allMailsTo(address).length, timeoutMs).toBeGreaterThanOrEqual(count);
    const mail = this.allMailsTo(address)[count - 1];
    if (!mail) throw new Error(`mail ${count} to ${address} is missing`);
    return mail;
  }

  /** Waits (as a person checking the inbox would) until the `count`-th such mail has arrived; returns it. */
  async waitForMail(address: string, subject: string, count = 1): Promise<ReadMail> {
    await eventually(() => this.mailsTo(address, subject).length, 15_000).toBeGreaterThanOrEqual(count);
    const mail = this.mailsTo(address, subject)[count - 1];
    if (!mail) throw new Error(`mail ${count} to ${address} is missing`);
    return mail;
  }
}

/**
 * The development mailbox of a server started without SMTP_URL, read from its files under
 * `$DATA_DIR/dev-mailbox/` (the same files /dev/mailbox shows).
 */
export class DevMailboxReader implements MailReader {
  constructor(private readonly dataDir: () => string) {}

  private async mailsTo(address: string, subject: string): Promise<ReadMail[]> {
    const mailbox = new DevMailbox(path.join(this.dataDir(), 'dev-mailbox'), parseMailSender(DEFAULT_MAIL_FROM) as MailSender);
    return (await mailbox.list())
      .filter((entry) => entry.to.includes(address) && entry.subject === subject)
      .reverse()
      .map((entry) => ({ to: [entry.to], subject: entry.subject, text: entry.text, html: entry.html }));
  }

  async waitForMail(address: string, subject: string, count = 1): Promise<ReadMail> {
    await eventually(async () => (await this.mailsTo(address, subject)).length, 15_000).toBeGreaterThanOrEqual(count);
    const mail = (await this.mailsTo(address, subject))[count - 1];
    if (!mail) throw new Error(`mail ${count} to ${address} is missing`);
    return mail;
  }
}

/** The first link to the e2e server in a mail's plain-text part (what a reader clicks). */
export function linkIn(mail: ReadMail, baseUrl: string): URL {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${baseUrl} in the mail text:\n${mail.text}`);
  const url = new URL(match[0]);
  // The HTML part carries the same link (its & escaped as &amp;).
  if (!mail.html.includes(match[0].replace(/&/g, '&amp;'))) throw new Error(`the HTML part lacks the link ${match[0]}`);
  return url;
}
