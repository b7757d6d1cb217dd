import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { enqueueMail, MailOutboxRepository } from './mail-outbox.repo';
import { createSmtpTransport } from './mail-transport';
import { DEFAULT_MAIL_CONCURRENCY, MailWorker } from './mail-worker';
import { testDatabaseTarget } from '../../test/test-database';

/** Issue #4: "a worker killed mid-batch losing nothing". */

const TEN_MINUTES = 10 * 60_000;
let database: DatabaseHandle;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = openDatabase(await testDatabaseTarget());
  smtp = await new TestSmtpServer().start();
});
afterAll(async () => {
  await smtp.stop();
  await database.destroy();
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a worker process killed with SIGKILL mid-batch', () => {
  it('loses no message: the next worker takes over the stale claim and sends the rest; at most the messages in flight are sent twice', async () => {
    const domain = `crash-${randomBytes(4).toString('hex')}.test`;
    const addresses = Array.from({ length: 12 }, (_, index) => `member${index}@${domain}`);
    const ids: number[] = [];
    for (const to of addresses) {
      ids.push(await enqueueMail(database.db, { to, subject: '【キヅキ】配送テスト', text: '本文', html: '<p>本文</p>' }));
    }
    const ours = () => smtp.received.filter((mail) => mail.to[0]?.endsWith(`@${domain}`));
    // Each message takes a while to be answered, so the kill lands in the middle of one.
    smtp.delayMs = 150;

    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/test/mail-worker-process.ts')], {
      env: { ...process.env, KIZUKI_TEST_DB: JSON.stringify(await testDatabaseTarget()), KIZUKI_TEST_SMTP: smtp.url() },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(() => ours().length >= 4, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 60));
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    const beforeTakeover = ours().length;
    expect(beforeTakeover).toBeLessThan(addresses.length);

    // A second worker, once the dead one's claim is stale, finishes the batch.
    smtp.delayMs = 0;
    const later = new ManualClock(new Date(Date.now() + TEN_MINUTES + 60_000));
    const transport = createSmtpTransport({ url: smtp.url(), from: { name: 'キヅキ', address: 'no-reply@kizuki.example' }, timeoutMs: 5_000 });
    const worker = new MailWorker({ repo: new MailOutboxRepository(database.db), transport, clock: later, logger: { info: () => {}, warn: () => {}, error: () => {} }, staleClaimMs: TEN_MINUTES });
    await worker.drain();
    await transport.close();

    const delivered = ours().map((mail) => mail.to[0]);
    expect(new Set(delivered)).toEqual(new Set(addresses));
    // The dead worker had at most DEFAULT_MAIL_CONCURRENCY messages in SMTP at once.
    expect(delivered.length - addresses.length).toBeLessThanOrEqual(DEFAULT_MAIL_CONCURRENCY);
    const outbox = new MailOutboxRepository(database.db);
    const rows = await Promise.all(ids.map((id) => outbox.findById(id)));
    expect(rows.every((row) => row?.status === 'sent')).toBe(true);
  }, 60_000);
});
