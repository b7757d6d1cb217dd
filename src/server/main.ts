import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.destroy());

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kizuki is listening on ${config.appUrl}`);
}

await main();
