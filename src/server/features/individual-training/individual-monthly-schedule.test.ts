import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJapaneseHoliday } from '../../../common/campaign-schedule';
import { INDIVIDUAL_SCHEDULE } from '../../../common/individual-training.schema';
import { seededRandom } from '../../../common/seeded-random';
import { readTimestamp } from '../../db/dialect';
import { mimeParts, TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';
import { LURE_REPEAT_DAYS } from './individual-schedule';
import { nextTokyoMonth, tokyoMonthStart } from '../../lib/time-format';

/**
 * Issue 12's scheduling test, through the app: 200 people register at all sorts of times of one
 * Tokyo month (holidays, weekends, evenings, the first and last instant), and the controllable
 * clock then jumps from one dispatcher pass to the next (the jobs table says when) for 14 months,
 * every pass and every mail run as the background workers would run them. What reached the SMTP
 * server and what individual_sends recorded must keep every rule of the monthly schedule.
 */

const tokyo = (local: string): Date => new Date(`${local}+09:00`);
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const TOKYO_OFFSET_MS = 9 * 60 * MINUTE_MS;
const inTokyo = (date: Date): Date => new Date(date.getTime() + TOKYO_OFFSET_MS);
const tokyoMonthOf = (date: Date): string => inTokyo(date).toISOString().slice(0, 7);

const FIRST_MONTH = '2027-01';
const MONTHS = 14;
// Enough registrants that each month's sends share business minutes and days; every check is per person, so
// more people only lengthen CI (this file ran 65 s on SQLite and 114 s on PostgreSQL with 200).
const PEOPLE = 100;

/** The months from FIRST_MONTH on, MONTHS of them (2027-01 … 2028-02). */
const months: string[] = [FIRST_MONTH];
while (months.length < MONTHS) months.push(nextTokyoMonth(months[months.length - 1]!));
const simulationEnd = tokyoMonthStart(nextTokyoMonth(months[months.length - 1]!));

/** When each person registers: the awkward instants first, the rest anywhere in the month (seconds and milliseconds included). */
function registrationTimes(random: () => number): Date[] {
  const awkward = [
    tokyo('2027-01-01T00:00:00'), // the month's first instant, on 元日
    tokyo('2027-01-01T13:15:42'),
    tokyo('2027-01-02T10:00:00'), // Saturday
    tokyo('2027-01-03T21:30:05'), // Sunday evening
    tokyo('2027-01-04T08:59:59'), // a weekday just before the window opens
    tokyo('2027-01-04T09:00:00'),
    tokyo('2027-01-06T16:59:59'), // just before it closes
    tokyo('2027-01-06T17:00:00'),
    tokyo('2027-01-07T23:59:30'), // late at night
    tokyo('2027-01-11T12:00:00'), // 成人の日
    tokyo('2027-01-20T03:10:00'),
    tokyo('2027-01-20T03:10:00'), // two at the same instant
    tokyo('2027-01-29T17:00:00'), // after the last weekday window of the month (30, 31 are a weekend)
    tokyo('2027-01-30T11:11:11'),
    tokyo('2027-01-31T20:00:00'),
    tokyo('2027-01-31T23:59:00'),
    new Date(monthEndOf(FIRST_MONTH) - 1), // the month's last millisecond
  ];
  const start = tokyoMonthStart(FIRST_MONTH).getTime();
  const span = monthEndOf(FIRST_MONTH) - start;
  const rest = Array.from({ length: PEOPLE - awkward.length }, () => new Date(start + Math.floor(random() * span)));
  return [...awkward, ...rest].sort((a, b) => a.getTime() - b.getTime());
}

function monthEndOf(month: string): number {
  return tokyoMonthStart(nextTokyoMonth(month)).getTime();
}

interface SendRow {
  registrationId: number;
  email: string;
  createdAt: Date;
  month: string;
  sequence: number;
  templateId: number;
  token: string;
  status: string;
  plannedAt: Date;
  sentAt: Date | null;
}

describe('individual training over 14 months for 200 people (controllable clock, real SMTP)', () => {
  let smtp: TestSmtpServer;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    context = await createTestApp(
      { SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test', TRACKING_URL: 'https://t.kizuki.test', TRAINING_MAIL_DOMAIN: 'training.kizuki.test', INDIVIDUAL_SKIP_HOLIDAYS: '1' },
      {
        random: seededRandom(20_270_101),
        // Smaller than the defaults: a month's planning pages through the registrations, and two
        // sends that share a minute go through the hand-over loop one batch at a time.
        individualDispatcherOptions: { planBatchSize: 64, sendBatchSize: 1 },
      },
    );
  });
  afterAll(async () => {
    await context?.close();
    await smtp?.stop();
  });

  const db = () => context.database.db;
  const deliver = async () => {
    await context.app.individualDispatcher.drain();
    await context.app.mail.worker.drain();
  };

  /** The dispatcher's next pass (the earliest queued one), and how many are queued. */
  async function queuedPasses(): Promise<{ next: Date | null; count: number }> {
    const rows = await db().selectFrom('jobs').select('run_at').where('kind', '=', 'individual_training_pass').where('status', '=', 'queued').execute();
    const times = rows.map((row) => readTimestamp(row.run_at as string | Date).getTime());
    return { next: times.length > 0 ? new Date(Math.min(...times)) : null, count: times.length };
  }

  it('sends everyone exactly one mail per Tokyo month, later ones on weekday business minutes that are no holiday, 21+ days apart, never the same lure twice in a row', async () => {
    const registrations = registrationTimes(seededRandom(12));
    let registered = 0;
    let passes = 0;
    let mostQueuedPasses = 0;
    for (let guard = 0; ; guard += 1) {
      // 200 registrations plus a pass for each send time and month start: far fewer than this.
      expect(guard).toBeLessThan(20_000);
      const { next, count } = await queuedPasses();
      mostQueuedPasses = Math.max(mostQueuedPasses, count);
      const registration = registrations[registered];
      if (registration && (next === null || registration.getTime() <= next.getTime())) {
        context.clock.set(registration);
        const response = await context.app.inject(withCsrf(context, {
          method: 'POST', url: '/api/individual/register',
          payload: { email: `person-${registered}@example.jp`, terms_agreed: 1, privacy_agreed: 1 },
          remoteAddress: `198.51.${100 + Math.floor(registered / 250)}.${(registered % 250) + 1}`,
        }));
        expect(response.json()).toMatchObject({ success: true, status: 'registered' });
        registered += 1;
        await deliver();
        continue;
      }
      // The chain of passes must never break while anyone is registered.
      expect(next, 'a queued individual_training_pass').not.toBeNull();
      if (next!.getTime() >= simulationEnd.getTime()) break;
      // Passes are queued for now or later, never for a time already gone by.
      expect(next!.getTime()).toBeGreaterThanOrEqual(context.clock.now().getTime());
      context.clock.set(next!);
      passes += 1;
      await deliver();
    }
    expect(registered).toBe(PEOPLE);

    const rows = await db()
      .selectFrom('individual_sends as s')
      .innerJoin('individual_registrations as r', 'r.id', 's.registration_id')
      .select(['s.registration_id', 'r.email', 'r.created_at', 'r.status as registration_status', 's.month', 's.sequence', 's.template_id', 's.token', 's.status', 's.planned_at', 's.sent_at'])
      .orderBy('s.registration_id')
      .orderBy('s.sequence')
      .execute();
    expect(rows.every((row) => row.registration_status === 'active')).toBe(true);
    const sends: SendRow[] = rows.map((row) => ({
      registrationId: row.registration_id, email: row.email, createdAt: readTimestamp(row.created_at as string | Date), month: row.month,
      sequence: row.sequence, templateId: row.template_id, token: row.token, status: row.status,
      plannedAt: readTimestamp(row.planned_at as string | Date), sentAt: row.sent_at ? readTimestamp(row.sent_at as string | Date) : null,
    }));
    const byPerson = new Map<number, SendRow[]>();
    for (const send of sends) byPerson.set(send.registrationId, [...(byPerson.get(send.registrationId) ?? []), send]);
    expect(byPerson.size).toBe(PEOPLE);

    for (const personSends of byPerson.values()) {
      const first = personSends[0]!;
      const label = `${first.email} (registered ${inTokyo(first.createdAt).toISOString()} Tokyo)`;
      // One send in each month from the registration month through the 14th, numbered in order.
      expect(personSends.map((send) => send.month), label).toEqual(months.slice(months.indexOf(tokyoMonthOf(first.createdAt))));
      expect(personSends.map((send) => send.sequence), label).toEqual(personSends.map((_, index) => index + 1));
      // The first mail right at registration; each mail went out at the minute it was planned (the clock stopped there).
      expect(first.plannedAt, label).toEqual(first.createdAt);
      for (const send of personSends) {
        expect(send.status, `${label} #${send.sequence}`).toBe('sent');
        expect(send.sentAt, `${label} #${send.sequence}`).toEqual(send.plannedAt);
        expect(tokyoMonthOf(send.sentAt!), `${label} #${send.sequence}`).toBe(send.month);
      }
      for (const [index, send] of personSends.entries()) {
        if (index === 0) continue;
        const previous = personSends[index - 1]!;
        const at = send.sentAt!;
        const local = inTokyo(at);
        const where = `${label} #${send.sequence} at ${local.toISOString()} Tokyo`;
        expect([0, 6], where).not.toContain(local.getUTCDay());
        expect(local.getUTCHours(), where).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.startHour);
        expect(local.getUTCHours(), where).toBeLessThan(INDIVIDUAL_SCHEDULE.endHour);
        expect(at.getTime() % MINUTE_MS, where).toBe(0);
        expect(isJapaneseHoliday(at), where).toBe(false);
        expect(at.getTime() - previous.sentAt!.getTime(), where).toBeGreaterThanOrEqual(INDIVIDUAL_SCHEDULE.minGapDays * DAY_MS);
        expect(send.templateId, where).not.toBe(previous.templateId);
      }
      // Rarely twice in a year: with the library's consumer lures (more than 13), never within LURE_REPEAT_DAYS.
      for (const [index, send] of personSends.entries()) {
        const yearBefore = send.sentAt!.getTime() - LURE_REPEAT_DAYS * DAY_MS;
        const earlier = personSends.slice(0, index).filter((other) => other.sentAt!.getTime() > yearBefore);
        expect(earlier.map((other) => other.templateId), `${label} #${send.sequence}`).not.toContain(send.templateId);
      }
    }

    // Every send reached the SMTP server once, to its person, with its own tracked link; only the first says how the address was registered.
    expect(smtp.received).toHaveLength(sends.length);
    const byToken = new Map(sends.map((send) => [send.token, send]));
    const delivered = new Set<string>();
    for (const mail of smtp.received) {
      const parts = mimeParts(mail.raw);
      const html = parts.get('text/html') ?? '';
      const text = parts.get('text/plain') ?? '';
      const token = /href="https:\/\/t\.kizuki\.test\/t\/c\/([A-Za-z0-9_-]{22})"/.exec(html)?.[1] ?? '';
      const send = byToken.get(token);
      expect(send, `a mail to ${mail.to.join(', ')} with a link of no send`).toBeDefined();
      expect(mail.to).toEqual([send!.email]);
      expect(delivered.has(token)).toBe(false);
      delivered.add(token);
      expect(text.includes('登録した覚えがない場合'), `${send!.email} #${send!.sequence}`).toBe(send!.sequence === 1);
    }
    expect(delivered.size).toBe(sends.length);
    const outbox = await db().selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('count')).where('sent_at', 'is', null).executeTakeFirstOrThrow();
    expect(Number(outbox.count)).toBe(0);

    // One chain of passes: a pass at each minute a later mail was due and at each month start, and
    // never a second pass queued beside it (the registrations' own passes joined the chain).
    const dueMinutes = new Set(sends.filter((send) => send.sequence > 1).map((send) => send.plannedAt.getTime()));
    for (const month of months.slice(1)) dueMinutes.add(tokyoMonthStart(month).getTime());
    expect(passes).toBe(dueMinutes.size);
    expect(mostQueuedPasses).toBe(1);
    // And it goes on past the simulated months: one pass waits for the next due send.
    const { next, count } = await queuedPasses();
    expect(count).toBe(1);
    expect(next!.getTime()).toBeGreaterThanOrEqual(simulationEnd.getTime());
  }, 600_000);
});
