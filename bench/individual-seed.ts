import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { individualAllowRules } from '../src/server/features/individual-training/individual-schedule';
import { nextTokyoMonth, tokyoMonthStart } from '../src/server/lib/time-format';
import { IndividualRegistrationsRepository } from '../src/server/features/individual-training/individual-registrations.repo';
import { PRIVACY_POLICY_ENACTED } from '../src/server/features/pages/privacy-policy.content';
import { TERMS_ENACTED } from '../src/server/features/pages/terms.content';
import { allowedIntervals, type TimeInterval } from '../src/common/campaign-schedule';
import type { DatabaseHandle } from '../src/server/db/database';
import { writeTimestamp } from '../src/server/db/dialect';
import type { Database } from '../src/server/db/schema';
import { syncBuiltinTemplates } from '../src/server/features/templates/builtin-sync';
import { BUILTIN_TEMPLATES } from '../src/server/features/templates/builtin-templates';
import { TemplatesRepository } from '../src/server/features/templates/templates.repo';
import { randomUrlSafeId } from '../src/server/lib/secret-hash';
import { seededRandom } from '../src/common/seeded-random';

/**
 * Bulk loads for the individual training bench (issue 12): active registrations inserted straight
 * into individual_registrations with multi-row inserts, each with the sends it would have by now.
 * The registration is dated at its first send (the first mail goes out right at registration).
 */

/** 8 to 10 columns × 500 rows stays well under SQLite's and PostgreSQL's bound-parameter limits. */
const ROWS_PER_INSERT = 500;
const REGISTRATIONS_PER_TRANSACTION = 10_000;
const MINUTE_MS = 60_000;
const TOKYO_OFFSET_MS = 9 * 60 * MINUTE_MS;

/** One of a registration's sends, as the seed writes it. */
export interface SeedSend {
  month: string;
  sequence: number;
  plannedAt: Date;
  /** `sent`: handed over and accepted at plannedAt; `scheduled`: not yet due or not yet handed over. */
  status: 'sent' | 'scheduled';
}

export interface RegistrantsSeed {
  count: number;
  /** The sends of registrant `index`, oldest first (the first one dates the registration). */
  sends: (index: number) => SeedSend[];
  onProgress?: (inserted: number) => void;
}

/** A small deterministic generator (the app's own), so two runs seed the same times and lures. */
export { seededRandom };

/** The address of registrant `index`: distinct, at consumer-looking domains. */
export function registrantAddress(index: number): string {
  const domains = ['example-mail.jp', 'example-isp.ne.jp', 'example-carrier.jp', 'example-free.com'];
  return `kojin${String(index).padStart(6, '0')}@${domains[index % domains.length]}`;
}

/**
 * Inserts `count` active registrations and their sends. Lures are drawn from the consumer
 * library as the planner would (never the same one twice in a row). Answers nothing: callers read
 * back what they need.
 */
export async function seedRegistrants(db: Kysely<Database>, { count, sends, onProgress }: RegistrantsSeed): Promise<void> {
  // The app syncs its built-in library when it starts; the lures must exist before any send refers to one.
  await syncBuiltinTemplates(new TemplatesRepository(db), BUILTIN_TEMPLATES, new Date());
  const lures = await new IndividualRegistrationsRepository(db).consumerLureIds();
  if (lures.length < 2) throw new Error('the template library has fewer than two consumer lures');
  const random = seededRandom(20261126);
  // One keyed IP hash stands for every consent record (its value is never read by the code under test).
  const consentIpHash = createHash('sha256').update('bench-consent-ip').digest('hex');

  for (let first = 0; first < count; first += REGISTRATIONS_PER_TRANSACTION) {
    const last = Math.min(first + REGISTRATIONS_PER_TRANSACTION, count);
    await db.transaction().execute(async (trx) => {
      for (let chunkStart = first; chunkStart < last; chunkStart += ROWS_PER_INSERT) {
        const indexes = Array.from({ length: Math.min(ROWS_PER_INSERT, last - chunkStart) }, (_, offset) => chunkStart + offset);
        const plans = indexes.map((index) => sends(index));
        const registrations = await trx
          .insertInto('individual_registrations')
          .values(indexes.map((index, position) => {
            const registeredAt = writeTimestamp(plans[position]![0]!.plannedAt);
            return {
              email: registrantAddress(index), unsubscribe_token: randomUrlSafeId(16), terms_version: TERMS_ENACTED.iso, privacy_version: PRIVACY_POLICY_ENACTED.iso,
              consented_at: registeredAt, consent_ip_hash: consentIpHash, created_at: registeredAt,
            };
          }))
          .returning('id')
          .execute();
        const rows = registrations.flatMap((registration, position) => {
          let previousLure = -1;
          return plans[position]!.map((send) => {
            const choices = lures.filter((id) => id !== previousLure);
            const templateId = choices[Math.floor(random() * choices.length)]!;
            previousLure = templateId;
            const at = writeTimestamp(send.plannedAt);
            return {
              registration_id: registration.id, month: send.month, sequence: send.sequence, template_id: templateId, token: randomUrlSafeId(16),
              status: send.status, planned_at: at, queued_at: send.status === 'sent' ? at : null, sent_at: send.status === 'sent' ? at : null,
              // The first send is written with the registration; later ones by the pass at the start of their month.
              created_at: send.sequence === 1 ? at : writeTimestamp(tokyoMonthStart(send.month)),
            };
          });
        });
        for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
          await trx.insertInto('individual_sends').values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
        }
      }
    });
    onProgress?.(last);
  }
}

/**
 * The allowed sending days of a Tokyo month for individual mail (weekdays 9:00–17:00, holidays
 * skipped as by default), one interval per day.
 */
export function allowedDays(month: string): TimeInterval[] {
  return allowedIntervals(individualAllowRules(true), tokyoMonthStart(month), tokyoMonthStart(nextTokyoMonth(month)));
}

/** A uniformly random whole minute inside `day`. */
export function randomMinuteIn(day: TimeInterval, random: () => number): Date {
  const minutes = Math.floor((day.to.getTime() - day.from.getTime()) / MINUTE_MS);
  return new Date(day.from.getTime() + Math.floor(random() * minutes) * MINUTE_MS);
}

/** YYYY-MM-DD of the Tokyo day of `at`. */
export function tokyoDay(at: Date): string {
  return new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Tokyo month before `month`. */
export function previousTokyoMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
}

/**
 * A bulk load leaves PostgreSQL without planner statistics and with an empty visibility map until
 * autovacuum runs; the app meets the tables in their settled state, so the bench settles them too.
 */
export async function settleIndividualTables(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  for (const table of ['individual_registrations', 'individual_sends', 'training_templates']) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(handle.db);
  }
}
