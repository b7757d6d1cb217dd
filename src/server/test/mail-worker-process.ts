/**
 * A mail worker in its own process, for the crash test: it delivers the run's outbox until the
 * test kills it with SIGKILL (no shutdown hook gets to run, as when a machine dies).
 * Env: KIZUKI_TEST_DB (the run's DatabaseTarget as JSON), KIZUKI_TEST_SMTP (smtp:// URL).
 */
import { systemClock } from '../clock';
import type { DatabaseTarget } from '../config';
import { openDatabase } from '../db/database';
import { MailOutboxRepository } from '../features/mail/mail-outbox.repo';
import { createSmtpTransport } from '../features/mail/mail-transport';
import { MailWorker } from '../features/mail/mail-worker';

const target = JSON.parse(process.env.KIZUKI_TEST_DB ?? '') as DatabaseTarget;
const database = openDatabase(target);
const transport = createSmtpTransport({ url: process.env.KIZUKI_TEST_SMTP ?? '', from: { name: 'キヅキ', address: 'no-reply@kizuki.example' }, timeoutMs: 5_000 });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const worker = new MailWorker({ repo: new MailOutboxRepository(database.db), transport, clock: systemClock, logger: silent, pollIntervalMs: 50 });
setInterval(() => {}, 60_000);
worker.start();
process.stdout.write('ready\n');
