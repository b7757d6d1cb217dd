import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What the server answers to the next message: accept, or an SMTP error with this code. */
export type SmtpAnswer = { accept: true } | { accept: false; code: number; message: string };

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives.
 * Plain SMTP without STARTTLS; accepts any credentials (and none).
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Answers for the next messages, in order; accept when empty. */
  readonly answers: SmtpAnswer[] = [];
  /** Milliseconds to hold each message before answering (to make deliveries overlap). */
  delayMs = 0;
  authenticated: Array<{ username: string; password: string }> = [];
  /** Connection errors the server saw, such as a reset from a client that was killed mid-message. */
  readonly connectionErrors: Error[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        this.authenticated.push({ username: auth.username ?? '', password: auth.password ?? '' });
        callback(null, { user: auth.username });
      },
      onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const answer = this.answers.shift() ?? { accept: true };
          setTimeout(() => {
            if (!answer.accept) {
              const error = new Error(answer.message) as Error & { responseCode: number };
              error.responseCode = answer.code;
              callback(error);
              return;
            }
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          }, this.delayMs);
        });
      },
    });
    // smtp-server reports a client's broken connection (ECONNRESET when a worker is SIGKILLed with a
    // message in flight) as an 'error' event; unheard, it would crash the test process. A real mail
    // server carries on, and so does this one: the tests check what was delivered.
    this.server.on('error', (error: Error) => this.connectionErrors.push(error));
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  url(credentials = ''): string {
    return `smtp://${credentials ? `${credentials}@` : ''}127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Splits a raw message into its header block (unfolded) and body. */
export function parseRawMail(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normalized.slice(split + 2) };
}

/** Decodes RFC 2047 encoded-words (B and Q, UTF-8) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded text of each MIME part of a multipart message, keyed by content type. */
export function mimeParts(raw: string): Map<string, string> {
  const { headers, body } = parseRawMail(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = new Map<string, string>();
  if (!boundary) return parts;
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = parseRawMail(chunk.replace(/^\n/, ''));
    const type = (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
    const content = part.body.replace(/\n$/, '');
    const decoded =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(content.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8')
          : content;
    parts.set(type, decoded);
  }
  return parts;
}
