import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createAccount } from '../../test/account-factories';
import { campaignAction } from '../../test/campaign-factories';
import type { TestSmtpServer } from '../../test/smtp-test-server';
import type { TestContext } from '../../test/test-app';
import {
  campaignCounters,
  launchDelivered,
  recipientOf,
  startTrackingTestApp,
  storedEvents,
  timeline,
  visit,
} from '../../test/tracking-factories';

/**
 * Issue 11, "Tracking": opens, clicks and submits through the links of a mail really delivered
 * over SMTP, the counters they move (once per person), the lesson page and the timeline.
 * The scanner rules are in tracking-scanners.test.ts.
 */

let smtp: TestSmtpServer;
let context: TestContext;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ smtp, context, stop } = await startTrackingTestApp());
});
afterAll(() => stop());

/** Past the too-early rule (TRACKING_MIN_CLICK_DELAY_S = 10). */
const afterDelivery = () => context.clock.advance(60_000);

const countEvents = async () => Number((await context.database.db.selectFrom('tracking_events').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

describe('through the links in the delivered mail', () => {
  it('opens the pixel (a no-store GIF), and a click on a login lure leads to the lookalike form, whose empty POST is recorded as entered', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'login' });
    const [mail] = launched.mails;
    afterDelivery();

    const pixel = await visit(context, mail!.pixel, { ip: '198.51.100.1' });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(String(pixel.headers['cache-control'])).toContain('no-store');
    expect(pixel.rawPayload.subarray(0, 6).toString('latin1')).toMatch(/^GIF8[79]a$/);

    const click = await visit(context, mail!.click, { ip: '198.51.100.1' });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`/t/l/${mail!.token}`);

    const lookalike = await visit(context, click.headers.location as string, { ip: '198.51.100.1' });
    expect(lookalike.statusCode).toBe(200);
    expect(lookalike.body).toContain(`action="/t/l/${mail!.token}/submit"`);
    // The inputs have no name, so a browser posts nothing of what was typed.
    expect(lookalike.body).not.toMatch(/<input[^>]*\sname=/);
    expect(lookalike.body).not.toContain('lesson-flag');
    expect(String(lookalike.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(lookalike.body).not.toMatch(/\sstyle=|<style[\s>]|<script(?![^>]*\ssrc=)[^>]*>/);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'clicked', submitted_at: null });

    // No cookie, no CSRF header: the public form posts as a plain browser form does.
    const submit = await visit(context, `/t/l/${mail!.token}/submit`, { method: 'POST', ip: '198.51.100.1', contentType: 'application/x-www-form-urlencoded', payload: '' });
    expect(submit.statusCode, submit.body).toBe(303);
    expect(submit.headers.location).toBe(`/t/l/${mail!.token}?done=1`);

    const lesson = await visit(context, submit.headers.location as string, { ip: '198.51.100.1' });
    expect(lesson.statusCode).toBe(200);
    expect(lesson.body).toContain('入力された内容は送信・保存されていません');
    expect(lesson.body).toContain('class="lesson-flag"');

    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'submitted' });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_sent: 3, emails_opened: 1, emails_clicked: 1, emails_submitted: 1, open_rate: 33, click_rate: 33, submit_rate: 33 });
    expect((await storedEvents(context, mail!.recipientId)).map((event) => [event.kind, Boolean(event.counted)])).toEqual([['open', true], ['click', true], ['submit', true]]);
  });

  it('a training lure shows the lesson at once: the company, the mail with its red flags numbered and marked, under a CSP with no inline script or style', async () => {
    const launched = await launchDelivered(context, smtp, { count: 2, landing: 'training', companyName: '株式会社キズキ商事' });
    afterDelivery();
    const click = await visit(context, launched.mails[0]!.click, { ip: '198.51.100.2' });
    expect(click.statusCode).toBe(302);
    const lesson = await visit(context, click.headers.location as string, { ip: '198.51.100.2' });
    expect(lesson.statusCode).toBe(200);
    expect(lesson.headers['content-type']).toContain('text/html');
    const page = lesson.body;
    expect(page).toContain('これは株式会社キズキ商事が実施している標的型メール訓練です');
    expect(page).not.toContain('<form');
    // Both red flags are marked in the mail as received, numbered 1 and 2, and explained beside it.
    const marks = [...page.matchAll(/<mark class="lesson-flag" id="flag-(\d+)"><span class="lesson-flag__badge">(\d+)<\/span>([^<]*)<\/mark>/g)].map((match) => [match[1], match[2], match[3]]);
    expect(marks).toEqual([['1', '1', '至急'], ['2', '2', '有効期限が本日で切れます']]);
    expect(page).toContain('急がせる件名');
    expect(page).toContain('期限で不安にさせる本文');
    // The mail as this person received it, with their own name in it.
    expect(page).toMatch(/受講者 \d+ 様/);

    const csp = String(lesson.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).not.toContain('unsafe-inline');
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page).not.toMatch(/<style[\s>]/);
    expect(page).not.toMatch(/\sstyle="/);
    expect(page).not.toMatch(/\son[a-z]+="/);
    // The mail's own links are neutralised: nothing on the page leads back to the tracked click.
    expect(page).not.toContain('/t/c/');
    expect(page).not.toContain('/t/h/');
    expect(page).not.toContain('/t/o/');
  });

  it('every built-in template\'s lesson marks each of its red flags in the mail, without a style attribute or inline script', async () => {
    const templates = await context.database.db.selectFrom('training_templates').select(['id', 'name', 'landing', 'red_flags']).where('tenant_id', 'is', null).where('retired_at', 'is', null).orderBy('id').execute();
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      const launched = await launchDelivered(context, smtp, { count: 1, landing: template.landing as 'training' | 'login', builtinTemplateId: template.id });
      const [mail] = launched.mails;
      afterDelivery();
      const ip = '198.51.100.40';
      expect((await visit(context, mail!.click, { ip })).statusCode).toBe(302);
      const lessonPath = template.landing === 'login'
        ? (await visit(context, `/t/l/${mail!.token}/submit`, { method: 'POST', ip })).headers.location as string
        : `/t/l/${mail!.token}`;
      const lesson = await visit(context, lessonPath, { ip });
      expect(lesson.statusCode, template.name).toBe(200);
      const flagCount = (JSON.parse(template.red_flags) as unknown[]).length;
      const marked = new Set([...lesson.body.matchAll(/<mark class="lesson-flag" id="flag-(\d+)">/g)].map((match) => Number(match[1])));
      expect([...marked].sort((a, b) => a - b), template.name).toEqual(Array.from({ length: flagCount }, (_, index) => index + 1));
      expect(lesson.body, template.name).not.toMatch(/\sstyle=/);
      expect(lesson.body, template.name).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(lesson.body, template.name).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('a click after the campaign was ended still leads to the lesson', async () => {
    const launched = await launchDelivered(context, smtp, { count: 2, landing: 'training', companyName: '株式会社おわり' });
    afterDelivery();
    const ended = await campaignAction(context, launched.account, launched.campaignId, 'complete');
    expect(ended.statusCode, ended.body).toBe(200);
    const click = await visit(context, launched.mails[1]!.click, { ip: '198.51.100.3' });
    expect(click.statusCode).toBe(302);
    const lesson = await visit(context, click.headers.location as string, { ip: '198.51.100.3' });
    expect(lesson.statusCode).toBe(200);
    expect(lesson.body).toContain('これは株式会社おわりが実施している標的型メール訓練です');
    expect(lesson.body).toContain('class="lesson-flag"');
    expect(await storedEvents(context, launched.mails[1]!.recipientId)).toHaveLength(1);
  });
});

describe('counters move once per person', () => {
  it('a click implies an open, a submit implies a click, an open never overwrites a click, and repeats count once; rates are whole percents', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'login' });
    const [submitter, clicker, opener] = launched.mails;
    afterDelivery();
    const statsBefore = await callApi(context, { method: 'GET', url: '/api/corporate/stats', token: launched.account.token });
    expect(statsBefore.json().data).toMatchObject({ emailsSent: 3, emailsOpened: 0, emailsClicked: 0 });
    const eventsBefore = await countEvents();

    // A submit with no open or click before it (images off, link copied).
    expect((await visit(context, `/t/l/${submitter!.token}/submit`, { method: 'POST', ip: '198.51.100.11' })).statusCode).toBe(303);
    expect(await recipientOf(context, launched, submitter!.recipientId)).toMatchObject({ status: 'submitted' });
    const submitted = await recipientOf(context, launched, submitter!.recipientId);
    expect(submitted.opened_at).not.toBeNull();
    expect(submitted.clicked_at).toBe(submitted.opened_at);
    expect(submitted.submitted_at).toBe(submitted.opened_at);

    // A click with no pixel before it; then the pixel, and both again.
    expect((await visit(context, clicker!.click, { ip: '198.51.100.12' })).statusCode).toBe(302);
    const clicked = await recipientOf(context, launched, clicker!.recipientId);
    expect(clicked).toMatchObject({ status: 'clicked', submitted_at: null });
    expect(clicked.opened_at).toBe(clicked.clicked_at);
    context.clock.advance(30_000);
    expect((await visit(context, clicker!.pixel, { ip: '198.51.100.12' })).statusCode).toBe(200);
    expect((await visit(context, clicker!.click, { ip: '198.51.100.12' })).statusCode).toBe(302);
    expect((await visit(context, clicker!.pixel, { ip: '198.51.100.12' })).statusCode).toBe(200);
    expect(await recipientOf(context, launched, clicker!.recipientId)).toEqual(clicked);

    // Opens only, twice.
    expect((await visit(context, opener!.pixel, { ip: '198.51.100.13' })).statusCode).toBe(200);
    expect((await visit(context, opener!.pixel, { ip: '198.51.100.13' })).statusCode).toBe(200);
    expect(await recipientOf(context, launched, opener!.recipientId)).toMatchObject({ status: 'opened', clicked_at: null });

    expect(await campaignCounters(context, launched)).toMatchObject({
      emails_sent: 3, emails_opened: 3, emails_clicked: 2, emails_submitted: 1,
      // SPEC §9: whole percents of emails_sent (2/3 → 67, 1/3 → 33).
      open_rate: 100, click_rate: 67, submit_rate: 33,
    });
    const list = await callApi(context, { method: 'GET', url: '/api/campaigns', token: launched.account.token });
    expect(list.json().data.campaigns.find((campaign: { campaign_id: number }) => campaign.campaign_id === launched.campaignId)).toMatchObject({ open_rate: 100, click_rate: 67, submit_rate: 33 });
    // The month (Tokyo) figures come from the same first actions.
    const stats = await callApi(context, { method: 'GET', url: '/api/corporate/stats', token: launched.account.token });
    expect(stats.json().data).toMatchObject({ emailsSent: 3, emailsOpened: 3, emailsClicked: 2 });

    // Every request was kept, counted or not: 1 submit + 4 for the clicker + 2 opens.
    expect((await countEvents()) - eventsBefore).toBe(7);
    expect((await storedEvents(context, clicker!.recipientId)).map((event) => [event.kind, Boolean(event.counted)])).toEqual([
      ['click', true], ['open', true], ['click', true], ['open', true],
    ]);
  });

  it('requests arriving at once still move each counter once', async () => {
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'login' });
    const [mail] = launched.mails;
    afterDelivery();
    const ip = '198.51.100.15';
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => visit(context, mail!.click, { ip })),
      ...Array.from({ length: 4 }, () => visit(context, mail!.pixel, { ip })),
      ...Array.from({ length: 2 }, () => visit(context, `/t/l/${mail!.token}/submit`, { method: 'POST', ip })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 302, 302, 302, 302, 303, 303]);
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 1, emails_clicked: 1, emails_submitted: 1 });
    const stats = await callApi(context, { method: 'GET', url: '/api/corporate/stats', token: launched.account.token });
    expect(stats.json().data).toMatchObject({ emailsOpened: 1, emailsClicked: 1 });
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'submitted' });
    expect(await storedEvents(context, mail!.recipientId)).toHaveLength(10);
  });

  it('counts a month by the Tokyo calendar: a mail sent at 23:59 JST on the 30th and clicked after midnight belongs to the new month', async () => {
    // 2026-11-30T14:59Z is 23:59 on 30 November in Tokyo; 90 s later it is 1 December.
    context.clock.set(new Date('2026-11-30T14:59:00Z'));
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    context.clock.advance(90_000);
    expect((await visit(context, launched.mails[0]!.click, { ip: '198.51.100.14' })).statusCode).toBe(302);
    const stats = await callApi(context, { method: 'GET', url: '/api/corporate/stats', token: launched.account.token });
    expect(stats.json().data).toMatchObject({ emailsSent: 0, emailsOpened: 1, emailsClicked: 1 });
  });
});

describe('unknown tokens', () => {
  it('get a plain 404 on every tracking route, malformed ones too, and nothing is stored', async () => {
    const before = await countEvents();
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(60), 'has.dots.in.it.abcdefgh', '%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
      for (const [method, url] of [
        ['GET', `/t/o/${token}.gif`], ['GET', `/t/o/${token}`], ['GET', `/t/c/${token}`], ['HEAD', `/t/c/${token}`], ['GET', `/t/h/${token}`],
        ['POST', `/t/b/${token}`], ['POST', `/t/l/${token}/submit`],
      ] as const) {
        const response = await visit(context, url, { method });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toContain('text/plain');
        if (method !== 'HEAD') expect(response.body, `${method} ${url}`).toBe('Not Found');
      }
      // The lesson answers 404 with a calm page that says nothing about the token.
      const lesson = await visit(context, `/t/l/${token}`);
      expect(lesson.statusCode, token).toBe(404);
      expect(lesson.body).toContain('ページが見つかりません');
    }
    expect(await countEvents()).toBe(before);
  });
});

describe('the timeline', () => {
  it('lists the delivery steps and every request with whether it counted and why not, for the own tenant only', async () => {
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    const [mail] = launched.mails;
    context.clock.advance(2_000);
    expect((await visit(context, mail!.click, { method: 'HEAD', ip: '198.51.100.21' })).statusCode).toBe(302);
    context.clock.advance(60_000);
    expect((await visit(context, mail!.pixel, { ip: '198.51.100.21' })).statusCode).toBe(200);
    expect((await visit(context, mail!.click, { ip: '198.51.100.21' })).statusCode).toBe(302);

    const events = await timeline(context, launched, mail!.recipientId);
    expect(events.map((event) => [event.kind, event.counted])).toEqual([['scheduled', false], ['sent', true], ['click', false], ['open', true], ['click', true]]);
    expect(events[2]!.reason).toContain('HEAD');
    expect(events[2]!.ip).toBe('198.51.100.21');
    expect(events[3]!.reason).toBeNull();
    expect(events[4]).toMatchObject({ reason: null, ip: '198.51.100.21', user_agent: expect.stringContaining('Chrome/131') });
    expect(events[4]!.at).toMatch(/\+09:00$/);

    const stranger = await createAccount(context);
    const foreign = await callApi(context, { method: 'GET', url: `/api/campaigns/${launched.campaignId}/recipients/${mail!.recipientId}/events`, token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    // Another campaign's id with this recipient is not a way in either.
    const other = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    const crossed = await callApi(context, { method: 'GET', url: `/api/campaigns/${other.campaignId}/recipients/${mail!.recipientId}/events`, token: other.account.token });
    expect(crossed.statusCode).toBe(404);
  });
});
