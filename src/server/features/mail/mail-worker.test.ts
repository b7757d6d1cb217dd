import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import { createTestApp } from '../../test/test-app';
import { decodeHeader, mimeParts, parseRawMail, TestSmtpServer } from '../../test/smtp-test-server';
import type { OutgoingMail } from './mail-message';
import { enqueueMail, MailOutboxRepository } from './mail-outbox.repo';
import { createSmtpTransport, type MailTransport } from './mail-transport';
import { MailWorker } from './mail-worker';
import { testDatabaseTarget } from '../../test/test-database';

/** Issue #4, "Outgoing mail": the outbox worker against a real SMTP server on loopback. */

const FROM = { name: 'キヅキ', address: 'no-reply@kizuki.example' };
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let clock: ManualClock;
let transports: MailTransport[] = [];

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: 'taro@example.jp',
    subject: '【キヅキ】メールアドレスの確認',
    text: '以下のリンクから登録を続けてください。\nhttps://kizuki.example/corporate/verify?token=abc',
    html: '<p>以下のリンクから登録を続けてください。</p><p><a href="https://kizuki.example/corporate/verify?token=abc">登録を続ける</a></p>',
    ...overrides,
  };
}

function transportFor(url: string): MailTransport {
  const transport = createSmtpTransport({ url, from: FROM, timeoutMs: 2_000 });
  transports.push(transport);
  return transport;
}

function workerFor(transport: MailTransport, handle: DatabaseHandle = database, options: Partial<ConstructorParameters<typeof MailWorker>[0]> = {}) {
  return new MailWorker({ repo: new MailOutboxRepository(handle.db), transport, clock, logger: silent, ...options });
}

async function enqueue(message: OutgoingMail = mail()): Promise<number> {
  return database.db.transaction().execute((trx) => enqueueMail(trx, message, clock.now()));
}

async function row(id: number) {
  const found = await new MailOutboxRepository(database.db).findById(id);
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  database = openDatabase(await testDatabaseTarget());
  smtp = await new TestSmtpServer().start();
});

afterAll(async () => {
  await smtp.stop();
  await database.destroy();
});

beforeEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
  smtp.received.length = 0;
  smtp.answers.length = 0;
  smtp.delayMs = 0;
  clock = new ManualClock(new Date('2026-11-21T03:00:00Z'));
});

afterEach(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  transports = [];
});

describe('mail delivery', () => {
  it('delivers HTML and text parts, a UTF-8 Japanese subject, the From name and List-Unsubscribe', async () => {
    const id = await enqueue(mail({ unsubscribeUrl: 'https://kizuki.example/unsubscribe?token=xyz' }));
    await workerFor(transportFor(smtp.url('mailer%40kizuki.example:p%40ss%3Aword'))).drain();

    expect(smtp.received).toHaveLength(1);
    const received = smtp.received[0]!;
    expect(received.to).toEqual(['taro@example.jp']);
    expect(received.from).toBe('no-reply@kizuki.example');
    // Credentials from the URL, percent-decoded.
    expect(smtp.authenticated).toContainEqual({ username: 'mailer@kizuki.example', password: 'p@ss:word' });

    const { headers } = parseRawMail(received.raw);
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?/i);
    expect(decodeHeader(headers.get('subject')!)).toBe('【キヅキ】メールアドレスの確認');
    expect(decodeHeader(headers.get('from')!)).toBe('キヅキ <no-reply@kizuki.example>');
    expect(headers.get('list-unsubscribe')).toBe('<https://kizuki.example/unsubscribe?token=xyz>');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/);

    const parts = mimeParts(received.raw);
    expect(parts.get('text/plain')).toContain('以下のリンクから登録を続けてください。');
    expect(parts.get('text/html')).toContain('<a href="https://kizuki.example/corporate/verify?token=abc">登録を続ける</a>');

    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null, last_error: null });
    expect(readTimestamp(stored.sent_at!).toISOString()).toBe('2026-11-21T03:00:00.000Z');
  });

  it('retries a 4xx answer with exponential backoff, then delivers', async () => {
    const id = await enqueue();
    const worker = workerFor(transportFor(smtp.url()), database, { baseBackoffMs: 60_000 });
    smtp.answers.push({ accept: false, code: 451, message: 'Try again later' }, { accept: false, code: 452, message: 'Mailbox busy' });

    await worker.drain();
    let stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.last_error).toContain('451');
    expect(readTimestamp(stored.next_attempt_at!).toISOString()).toBe('2026-11-21T03:01:00.000Z');

    // Not due yet: nothing is tried.
    clock.advance(59_000);
    await worker.drain();
    expect((await row(id)).attempts).toBe(1);

    clock.advance(1_000);
    await worker.drain();
    stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 2 });
    expect(stored.last_error).toContain('452');
    // The second wait is twice the first.
    expect(readTimestamp(stored.next_attempt_at!).toISOString()).toBe('2026-11-21T03:03:00.000Z');

    clock.advance(120_000);
    await worker.drain();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('fails at once with the reason on a 5xx answer', async () => {
    const id = await enqueue();
    smtp.answers.push({ accept: false, code: 550, message: 'No such user here' });
    const worker = workerFor(transportFor(smtp.url()));
    await worker.drain();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 1 });
    expect(stored.last_error).toMatch(/550.*No such user here/);

    clock.advance(24 * 60 * 60_000);
    await worker.drain();
    expect(smtp.received).toHaveLength(0);
    expect((await row(id)).attempts).toBe(1);
  });

  it('gives up after the last retry with the reason', async () => {
    const id = await enqueue();
    smtp.answers.push({ accept: false, code: 421, message: 'Service not available' }, { accept: false, code: 421, message: 'Service not available' });
    const worker = workerFor(transportFor(smtp.url()), database, { maxAttempts: 2, baseBackoffMs: 1_000 });
    await worker.drain();
    clock.advance(1_000);
    await worker.drain();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 2 });
    expect(stored.last_error).toMatch(/gave up after 2 attempts: 421/);
  });

  it('schedules a retry when the SMTP server is down (connection refused), and delivers once it is up', async () => {
    const id = await enqueue();
    const port = await closedPort();
    await workerFor(transportFor(`smtp://127.0.0.1:${port}`)).drain();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(readTimestamp(stored.next_attempt_at!).getTime()).toBe(clock.now().getTime() + 60_000);

    const revived = await new TestSmtpServer().start(port);
    try {
      clock.advance(60_000);
      await workerFor(transportFor(`smtp://127.0.0.1:${port}`)).drain();
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(revived.received).toHaveLength(1);
    } finally {
      await revived.stop();
    }
  });

  it('takes over a stale sending claim (process killed mid-delivery), but not a fresh one', async () => {
    const stale = await enqueue(mail({ subject: '古いクレーム' }));
    const fresh = await enqueue(mail({ subject: '新しいクレーム' }));
    const claim = async (id: number, minutesAgo: number) =>
      database.db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, claimed_by: 'dead-process', claimed_at: writeTimestamp(new Date(clock.now().getTime() - minutesAgo * 60_000)) })
        .where('id', '=', (await row(id)).job_id!)
        .execute();
    await claim(stale, 11);
    await claim(fresh, 2);

    await workerFor(transportFor(smtp.url()), database, { staleClaimMs: 10 * 60_000 }).drain();
    expect(await row(stale)).toMatchObject({ status: 'sent', attempts: 2, claimed_by: null });
    expect(await row(fresh)).toMatchObject({ status: 'sending', attempts: 1, claimed_by: 'dead-process' });
    expect(smtp.received.map((received) => decodeHeader(parseRawMail(received.raw).headers.get('subject')!))).toEqual(['古いクレーム']);
  });

  it('never delivers a message twice with two workers sharing one outbox', async () => {
    const count = 16;
    for (let index = 0; index < count; index += 1) await enqueue(mail({ subject: `同時配信テスト ${index}` }));
    smtp.delayMs = 40;
    const second = openDatabase(await testDatabaseTarget());
    try {
      const delivered = [0, 0];
      const counting = (transport: MailTransport, slot: number): MailTransport => ({
        kind: transport.kind,
        close: () => transport.close(),
        send: async (envelope) => {
          const sent = await transport.send(envelope);
          delivered[slot]! += 1;
          return sent;
        },
      });
      // Small batches, so the second worker finds work the first has not claimed yet.
      const workers = [
        workerFor(counting(transportFor(smtp.url()), 0), database, { batchSize: 4 }),
        workerFor(counting(transportFor(smtp.url()), 1), second, { batchSize: 4 }),
      ];
      await Promise.all(workers.map((worker) => worker.drain()));

      const subjects = smtp.received.map((received) => decodeHeader(parseRawMail(received.raw).headers.get('subject')!));
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      expect(delivered[0]! + delivered[1]!).toBe(count);
      if (database.dialect === 'postgres') {
        // SKIP LOCKED lets both work side by side instead of one waiting for the other.
        expect(delivered[0]).toBeGreaterThan(0);
        expect(delivered[1]).toBeGreaterThan(0);
      }
      const ids = await database.db.selectFrom('mail_outbox').select('id').execute();
      const statuses = await Promise.all(ids.map((entry) => row(entry.id)));
      expect(statuses.every((entry) => entry.status === 'sent' && entry.attempts === 1)).toBe(true);
    } finally {
      await second.destroy();
    }
  });

  it('refuses a stored message whose headers contain line breaks, without sending it', async () => {
    const id = await enqueue();
    await database.db
      .updateTable('mail_outbox')
      .set({ headers: JSON.stringify({ 'List-Unsubscribe': '<https://kizuki.example/u>\r\nBcc: victim@example.com' }) })
      .where('id', '=', id)
      .execute();
    await workerFor(transportFor(smtp.url())).drain();
    const stored = await row(id);
    expect(stored.status).toBe('failed');
    expect(stored.last_error).toContain('改行');
    expect(smtp.received).toHaveLength(0);
  });
});

describe('mail worker in the app', () => {
  it('is off in tests by default; started with MAIL_WORKER=1 it sends after an enqueue and finishes the send in hand on close', async () => {
    const idle = await createTestApp({ SMTP_URL: smtp.url() });
    try {
      expect(idle.app.mail.worker.started).toBe(false);
    } finally {
      await idle.close();
    }

    smtp.delayMs = 300;
    const context = await createTestApp({ SMTP_URL: smtp.url(), MAIL_WORKER: '1' }, { clock });
    expect(context.app.mail.worker.started).toBe(true);
    const id = await context.app.mail.send(mail({ subject: '起動と停止' }));
    // Let the worker pick it up and start the SMTP conversation, then close the app mid-send.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await context.close();
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
