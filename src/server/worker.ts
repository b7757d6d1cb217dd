import { systemClock } from './clock';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { MailOutboxRepository } from './features/mail/mail-outbox.repo';
import { createMailTransport } from './features/mail/mail-transport';
import { MailWorker } from './features/mail/mail-worker';
import { createCampaignDispatch } from './features/campaigns/campaigns.feature';
import { createIndividualDispatch } from './features/individual-training/individual-training.feature';
import { createInvoiceIssuer } from './features/billing/invoices.feature';

/**
 * `npm run worker`: the outbox worker, the campaign and individual training dispatchers and the monthly invoice job alone, so web and worker processes scale apart (run the web
 * processes with MAIL_WORKER=0). On PostgreSQL any number may run; on SQLite run one.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const { default: pino } = await import('pino');
  const logger = pino({ level: config.logLevel, name: 'mail-worker' });
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const transport = createMailTransport(config);
  const campaigns = createCampaignDispatch(database.db, { config, clock: systemClock, logger, kickMail: () => worker.kick() });
  const individual = createIndividualDispatch(database.db, { config, clock: systemClock, logger, kickMail: () => worker.kick() });
  const invoices = createInvoiceIssuer(database.db, { clock: systemClock, logger });
  const worker = new MailWorker({
    repo: new MailOutboxRepository(database.db), transport, clock: systemClock, logger,
    deliveryListeners: { campaign: campaigns.repo, individual: individual.repo },
  });

  // The worker's poll timer is unref'd (it must not keep a server from exiting); here it is all there is.
  const keepAlive = setInterval(() => {}, 60 * 60_000);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'mail worker stopping after the message in hand');
    await Promise.all([worker.close(), campaigns.dispatcher.close(), individual.dispatcher.close(), invoices.close()]);
    clearInterval(keepAlive);
    await transport.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  worker.start();
  campaigns.dispatcher.start();
  individual.dispatcher.start();
  invoices.start();
  logger.info({ transport: transport.kind, database: config.database.dialect }, 'mail worker started');
}

await main();
