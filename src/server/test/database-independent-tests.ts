/**
 * Server test files that never open a database: pure functions, rendering, and OCR over image
 * files. CI runs the server suite twice, on SQLite (inside `npm test`) and again on PostgreSQL;
 * the second pass skips these files (SKIP_DATABASE_INDEPENDENT_TESTS=1 in .ci/run, read by
 * vitest.config.ts), since a second database cannot change their outcome. They still run once in
 * `npm test`, and a plain `DATABASE_URL=… npm run test:server` still runs everything.
 *
 * database-independent-tests.test.ts fails if a listed file, or anything it imports from this
 * repository, reaches openDatabase, the test database helpers or a database driver, or if a listed
 * file is gone.
 * The OCR files are the reason for the list: redaction-recall alone reads 50 images with the real
 * OCR engine.
 */
export const DATABASE_INDEPENDENT_TESTS: readonly string[] = [
  'src/server/features/screenshot-ocr/redaction-recall.test.ts',
  'src/server/features/screenshot-ocr/form-extraction.test.ts',
  'src/server/features/screenshot-ocr/sensitive-areas.test.ts',
  'src/server/features/screenshot-ocr/page-skew.test.ts',
  'src/server/features/screenshot-ocr/second-look.test.ts',
  'src/server/test/ocr-scoring.test.ts',
  'src/server/features/individual-training/individual-schedule.test.ts',
  'src/server/features/individual-training/individual-pages.test.ts',
  'src/server/features/templates/builtin-templates/builtin-templates.test.ts',
  'src/server/features/templates/template-html.test.ts',
  'src/server/features/phishing-reports/report-search-text.test.ts',
  'src/server/features/tracking/scanner-filter.test.ts',
  'src/server/features/tracking/lesson-page.test.ts',
  'src/server/features/accounts/account-mails.test.ts',
  'src/server/features/people/people-csv.test.ts',
  'src/server/lib/image-work-queue.test.ts',
  'src/server/lib/background-loop.test.ts',
  'src/server/test/database-independent-tests.test.ts',
];
