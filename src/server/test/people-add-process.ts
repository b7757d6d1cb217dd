/**
 * Adds people in its own process, for the free-plan concurrency test across processes (on SQLite
 * each process has its own connection, so only BEGIN IMMEDIATE keeps the limit). It prints `ready`,
 * waits for a line on stdin, then adds KIZUKI_TEST_COUNT people at once and prints one JSON line:
 * how many were created, refused (422) and failed otherwise.
 * Env: KIZUKI_TEST_DB (the run's DatabaseTarget as JSON), KIZUKI_TEST_TENANT, KIZUKI_TEST_USER,
 * KIZUKI_TEST_PREFIX, KIZUKI_TEST_COUNT.
 */
import { systemClock } from '../clock';
import type { DatabaseTarget } from '../config';
import { openDatabase } from '../db/database';
import { AppError } from '../errors';
import { PeopleRepository } from '../features/people/people.repo';
import { PeopleService } from '../features/people/people.service';
import { SendingDomainPolicy } from '../features/sending-domains/sending-domain-policy';
import { SendingDomainsRepository } from '../features/sending-domains/sending-domains.repo';

const env = (name: string) => process.env[name] ?? '';
const database = openDatabase(JSON.parse(env('KIZUKI_TEST_DB')) as DatabaseTarget);
const service = new PeopleService({
  repo: new PeopleRepository(database.db), policy: new SendingDomainPolicy(new SendingDomainsRepository(database.db)), clock: systemClock,
});
const actor = { tenantId: Number(env('KIZUKI_TEST_TENANT')), userId: Number(env('KIZUKI_TEST_USER')) };

process.stdin.once('data', () => {
  void (async () => {
    const outcomes = await Promise.all(Array.from({ length: Number(env('KIZUKI_TEST_COUNT')) }, async (_, index) => {
      try {
        await service.create(actor, { name: `並行${index}`, email: `${env('KIZUKI_TEST_PREFIX')}-${index}@example.co.jp`, department: null });
        return 'created';
      } catch (error) {
        return error instanceof AppError && error.statusCode === 422 ? 'refused' : `failed: ${String(error)}`;
      }
    }));
    const count = (outcome: string) => outcomes.filter((value) => value === outcome).length;
    process.stdout.write(`${JSON.stringify({ created: count('created'), refused: count('refused'), failed: outcomes.filter((value) => value.startsWith('failed')) })}\n`);
    await database.destroy();
    process.exit(0);
  })();
});
process.stdout.write('ready\n');
