import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrator';

const config = loadConfig();
const handle = openDatabase(config.database);
try {
  const applied = await migrateToLatest(handle);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await handle.destroy();
}
