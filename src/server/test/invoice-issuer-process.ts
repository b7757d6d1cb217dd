/**
 * A second worker process for the monthly invoice job's exactly-once test: the same lane as
 * `npm run worker` runs (createInvoiceIssuer), on the test file's own database, with a clock the
 * test sets. Each stdin line is an ISO instant: the clock moves there, the worker makes sure the
 * chain of passes exists and drains every due pass, then answers `done` (or `error …`).
 * Env: KIZUKI_TEST_DB (the file's DatabaseTarget as JSON).
 */
import readline from 'node:readline';
import { ManualClock } from '../clock';
import type { DatabaseTarget } from '../config';
import { openDatabase } from '../db/database';
import { createInvoiceIssuer } from '../features/billing/invoices.feature';

const database = openDatabase(JSON.parse(process.env.KIZUKI_TEST_DB ?? '') as DatabaseTarget);
const clock = new ManualClock();
const errors: string[] = [];
const logger = { info: () => {}, warn: () => {}, error: (obj: object, msg: string) => errors.push(`${msg}: ${String((obj as { err?: unknown }).err)}`) };
const issuer = createInvoiceIssuer(database.db, { clock, logger });

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  clock.set(new Date(line.trim()));
  issuer
    .ensureScheduled()
    .then(() => issuer.drain())
    .then(
      () => process.stdout.write(errors.length > 0 ? `error ${errors.splice(0).join(' | ')}\n` : 'done\n'),
      (error: unknown) => process.stdout.write(`error ${String(error)}\n`),
    );
});
lines.on('close', () => {
  void issuer.close().then(() => database.destroy()).then(() => process.exit(0));
});
process.stdout.write('ready\n');
