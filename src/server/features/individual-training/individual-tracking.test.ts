import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeParts, parseRawMail } from '../../test/smtp-test-server';
import type { TestSmtpServer } from '../../test/smtp-test-server';
import type { TestContext } from '../../test/test-app';
import { withCsrf } from '../../test/test-app';
import { CHROME, startTrackingTestApp, TRACKING_ORIGIN, visit } from '../../test/tracking-factories';

/**
 * Issue 12, "Tracking": an individual's mail is tracked like a campaign's (the same routes and
 * scanner filter), and the training page tells the person their own record, with no sign-in.
 */

let smtp: TestSmtpServer;
let context: TestContext;
let stop: () => Promise<void>;
let ipCounter = 0;

beforeAll(async () => {
  ({ smtp, context, stop } = await startTrackingTestApp());
});
afterAll(() => stop());

/** Registers `email` and delivers its first mail; answers the tracking paths found in it. */
async function registerAndDeliver(email: string) {
  ipCounter += 1;
  const response = await context.app.inject(withCsrf(context, {
    method: 'POST', url: '/api/individual/register', payload: { email, terms_agreed: 1, privacy_agreed: 1 }, remoteAddress: `192.0.2.${ipCounter}`,
  }));
  expect(response.statusCode, response.body).toBe(200);
  const before = smtp.received.length;
  await context.app.individualDispatcher.drain();
  await context.app.mail.worker.drain();
  const mail = smtp.received.slice(before).find((received) => received.to[0] === email);
  expect(mail).toBeDefined();
  const html = mimeParts(mail!.raw).get('text/html') ?? '';
  const path = (prefix: string, attribute: 'href' | 'src') => {
    const escaped = `${TRACKING_ORIGIN}${prefix}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return `${prefix}${new RegExp(`${attribute}="${escaped}([^"]+)"`).exec(html)![1]!}`;
  };
  const click = path('/t/c/', 'href');
  return { click, pixel: path('/t/o/', 'src'), honeypot: path('/t/h/', 'href'), token: click.slice('/t/c/'.length), unsubscribe: parseRawMail(mail!.raw).headers.get('list-unsubscribe') ?? '' };
}

const sendOf = (token: string) =>
  context.database.db.selectFrom('individual_sends').select(['status', 'opened_at', 'clicked_at']).where('token', '=', token).executeTakeFirstOrThrow();

describe('individual training mail through its tracked links', () => {
  it('counts an open and a click of a person, and the training page shows the lure with its marks and their own record', async () => {
    const mail = await registerAndDeliver('record@example.jp');
    context.clock.advance(60_000);
    expect((await visit(context, mail.pixel, { ip: '203.0.113.50' })).statusCode).toBe(200);
    const click = await visit(context, mail.click, { ip: '203.0.113.50' });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`/t/l/${mail.token}`);
    expect(await sendOf(mail.token)).toMatchObject({ status: 'clicked' });

    const lesson = await visit(context, `/t/l/${mail.token}`, { ip: '203.0.113.50' });
    // A consumer lure either opens the lookalike form first or the lesson; after a submit the lesson follows.
    const page = lesson.body.includes('lookalike') ? (await visit(context, `/t/l/${mail.token}?done=1`, { ip: '203.0.113.50' })).body : lesson.body;
    expect(page).toContain('これまでの訓練：1回中、リンクを開いたのは1回');
    expect(page).toContain('キヅキ 個人向け訓練');
    expect(page).not.toContain('標的型メール訓練です');
    expect(page).toContain('class="lesson-flag"');
    // Their own unsubscribe link, on the app's origin.
    expect(page).toContain(`href="${mail.unsubscribe.slice(1, -1)}"`);
  });

  it('keeps a mail scanner out of the record: a click seconds after delivery, a scanner user agent and the honeypot do not count', async () => {
    const mail = await registerAndDeliver('scanned@example.jp');
    // Safe Links style: straight after delivery, then the honeypot, from a cloud address.
    expect((await visit(context, mail.click, { ip: '40.107.1.1', userAgent: CHROME })).statusCode).toBe(302);
    expect((await visit(context, mail.honeypot, { ip: '40.107.1.1' })).statusCode).toBe(204);
    context.clock.advance(60_000);
    expect((await visit(context, mail.click, { ip: '40.107.1.1', userAgent: 'Mozilla/5.0 (compatible; BingPreview/1.0b)' })).statusCode).toBe(302);
    expect(await sendOf(mail.token)).toMatchObject({ status: 'sent', clicked_at: null });
    const events = await context.database.db
      .selectFrom('individual_tracking_events as e')
      .innerJoin('individual_sends as s', 's.id', 'e.recipient_id')
      .select(['e.kind', 'e.counted', 'e.reason'])
      .where('s.token', '=', mail.token)
      .orderBy('e.id')
      .execute();
    expect(events.map((event) => [event.kind, Number(event.counted)])).toEqual([['click', 0], ['honeypot', 0], ['click', 0]]);
    expect(events.every((event) => event.counted === 0 ? event.reason !== null : true)).toBe(true);
    // Nothing of it reached the campaigns' events.
    expect(Number((await context.database.db.selectFrom('tracking_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  });

  it('forgets what the person did (addresses, browsers) when they unsubscribe, and the lesson then says the mail is stopped', async () => {
    const mail = await registerAndDeliver('forget@example.jp');
    context.clock.advance(60_000);
    await visit(context, mail.click, { ip: '203.0.113.60' });
    const events = () =>
      context.database.db.selectFrom('individual_tracking_events as e').innerJoin('individual_sends as s', 's.id', 'e.recipient_id').select('e.id').where('s.token', '=', mail.token).execute();
    expect(await events()).toHaveLength(1);
    const unsubscribe = mail.unsubscribe.slice('<https://kizuki.test'.length, -1);
    expect((await context.app.inject({ method: 'POST', url: unsubscribe, payload: '' })).statusCode).toBe(200);
    expect(await events()).toHaveLength(0);
    // A later click still leads to the page, and is not recorded.
    expect((await visit(context, mail.click, { ip: '203.0.113.60' })).statusCode).toBe(302);
    expect(await events()).toHaveLength(0);
    const lesson = await visit(context, `/t/l/${mail.token}?done=1`, { ip: '203.0.113.60' });
    expect(lesson.body).toContain('配信を停止しています');
    expect(lesson.body).not.toContain('今後の訓練メールを停止する');
  });

  it('answers an unknown token with a plain 404', async () => {
    expect((await visit(context, '/t/c/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});
