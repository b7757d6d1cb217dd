/**
 * `npm run worker` (src/server/worker.ts) for the campaign crash test: the same mail worker and
 * campaign dispatcher, wired the same way (the dispatcher kicks the mail worker, deliveries move
 * recipients), on the test file's own database. worker.ts itself cannot be pointed at a per-file
 * PostgreSQL schema and would run migrations; this runs until the test kills it with SIGKILL.
 * Env: KIZUKI_TEST_DB (the file's DatabaseTarget as JSON), SMTP_URL, APP_URL, DATA_DIR.
 */
import { systemClock } from '../clock';
import { type DatabaseTarget, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createCampaignDispatch } from '../features/campaigns/campaigns.feature';
import { MailOutboxRepository } from '../features/mail/mail-outbox.repo';
import { createMailTransport } from '../features/mail/mail-transport';
import { MailWorker } from '../features/mail/mail-worker';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-that-is-long-enough-0123456789' });
const database = openDatabase(JSON.parse(process.env.KIZUKI_TEST_DB ?? '') as DatabaseTarget);
const transport = createMailTransport(config);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const campaigns = createCampaignDispatch(database.db, { config, clock: systemClock, logger: silent, kickMail: () => worker.kick(), timings: { pollIntervalMs: 50 } });
const worker = new MailWorker({ repo: new MailOutboxRepository(database.db), transport, clock: systemClock, logger: silent, deliveryListeners: { campaign: campaigns.repo }, pollIntervalMs: 50 });
setInterval(() => {}, 60_000);
worker.start();
campaigns.dispatcher.start();
process.stdout.write('ready\n');
