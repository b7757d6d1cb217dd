import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTimestamp } from '../../db/dialect';
import { TestSmtpServer } from '../../test/smtp-test-server';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';

/**
 * After an outage the dispatcher finds later mails overdue. Inside the weekday 9–17 window they go
 * at once; outside it (a Saturday night) they are moved to the next allowed hour instead of going
 * out then. The first mail of a registration always goes at once.
 */

const tokyo = (local: string): Date => new Date(`${local}+09:00`);
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const inTokyo = (date: Date) => new Date(date.getTime() + TOKYO_OFFSET_MS);

describe('later mails found overdue outside the window', () => {
  let smtp: TestSmtpServer;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    context = await createTestApp({ SMTP_URL: smtp.url(), APP_URL: 'https://kizuki.test' });
  });
  afterAll(async () => {
    await context.close();
    await smtp.stop();
  });

  const drain = async () => {
    await context.app.individualDispatcher.drain();
    await context.app.mail.worker.drain();
  };
  const secondSend = () =>
    context.database.db.selectFrom('individual_sends').select(['status', 'planned_at', 'queued_at']).where('sequence', '=', 2).executeTakeFirstOrThrow();

  it('are moved to the next weekday hour, not sent on a Saturday night; the first mail goes even on a Saturday', async () => {
    // A Saturday night registration: its first mail goes at once.
    context.clock.set(tokyo('2027-01-09T22:00:00'));
    const response = await context.app.inject(withCsrf(context, { method: 'POST', url: '/api/individual/register', payload: { email: 'late@example.jp', terms_agreed: 1, privacy_agreed: 1 } }));
    expect(response.statusCode).toBe(200);
    await drain();
    expect(smtp.received).toHaveLength(1);

    // February is planned at its first pass.
    context.clock.set(tokyo('2027-02-01T00:00:00'));
    await context.app.individualDispatcher.drain();
    const planned = readTimestamp((await secondSend()).planned_at);

    // The worker was down from before that time until the Saturday night after it.
    const saturday = new Date(planned.getTime());
    do saturday.setTime(saturday.getTime() + 24 * 60 * 60 * 1000);
    while (inTokyo(saturday).getUTCDay() !== 6);
    const outageEnd = new Date(Date.UTC(inTokyo(saturday).getUTCFullYear(), inTokyo(saturday).getUTCMonth(), inTokyo(saturday).getUTCDate(), 22) - TOKYO_OFFSET_MS);
    context.clock.set(outageEnd);
    await drain();
    expect(smtp.received).toHaveLength(1);
    const moved = await secondSend();
    expect(moved.queued_at).toBeNull();
    const movedAt = readTimestamp(moved.planned_at);
    const local = inTokyo(movedAt);
    // The Monday after, in the first hour of the window.
    expect(local.getUTCDay()).toBe(1);
    expect(local.getUTCHours()).toBe(9);
    expect(movedAt.getTime() - outageEnd.getTime()).toBeLessThan(3 * 24 * 60 * 60 * 1000);

    // At that time it goes.
    context.clock.set(movedAt);
    await drain();
    expect(smtp.received).toHaveLength(2);
    expect((await secondSend()).status).toBe('sent');
  });
});
