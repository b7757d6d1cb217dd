import { afterAll } from 'vitest';
import { releaseTestDatabases } from './test-database';

// Registered before the file's own hooks, so (hooks unwind as a stack) it runs after them: the
// file has closed its apps and connections by the time its database is dropped.
afterAll(async () => {
  await releaseTestDatabases();
});
