import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_INDEPENDENT_TESTS } from './src/server/test/database-independent-tests';

// CI's PostgreSQL pass (.ci/run) leaves out the server files that never open a database: they ran
// in `npm test` already, and a second database cannot change their outcome (see the list's file).
const skipDatabaseIndependent = process.env.SKIP_DATABASE_INDEPENDENT_TESTS === '1';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: skipDatabaseIndependent ? [...configDefaults.exclude, ...DATABASE_INDEPENDENT_TESTS] : configDefaults.exclude,
          globalSetup: ['src/server/test/global-setup.ts'],
          // Each file has a database of its own (test/test-database.ts), so files run side by side;
          // two workers for the two cores this project's machines have.
          setupFiles: ['src/server/test/per-file-database.setup.ts'],
          maxWorkers: 2,
          // Each worker keeps what the files import loaded (the server's sources, fastify, kysely, zod …)
          // instead of importing it all again for every file: imports were about 40 % of the workers'
          // time (docs/performance.md, "CI time, round 4"). What a file must not inherit is reset per
          // file: its database by the setup file's afterAll (test-database.ts), its app by its own hooks.
          isolate: false,
          // Projects with different worker counts must run as separate groups (server first).
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          include: ['src/common/**/*.test.ts', 'src/web/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One file at a time unless E2E_MAX_WORKERS says more. Files can run side by side (each has
          // its own server, data folder and database), but on these 2-core machines it does not pay:
          // one file at a time already keeps both cores busy (the browser, the file's server, the test),
          // so two at a time took as long (141 s against 142–149 s for the same eight files) and made
          // timed tests fail under load: docs/performance.md, "CI time, round 3" and "round 5".
          maxWorkers: Number(process.env.E2E_MAX_WORKERS ?? 1),
          // One worker process runs the files one after another and keeps what they import loaded
          // (playwright-core, sharp, the server's sources the tests read constants from): a fresh
          // process per file re-imported it all, about 2 s a file. Nothing the files share holds
          // state of its own: each file starts its own server, data folder and browser contexts.
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
