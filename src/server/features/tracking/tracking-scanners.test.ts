import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSmtpServer } from '../../test/smtp-test-server';
import type { TestContext } from '../../test/test-app';
import {
  campaignCounters,
  CHROME,
  launchDelivered,
  type LaunchedCampaign,
  recipientOf,
  startTrackingTestApp,
  storedEvents,
  timeline,
  visit,
} from '../../test/tracking-factories';

/**
 * Issue 11, "Scanner and bot filtering", through the real routes: every request is stored, only
 * what looks like a person counts, and the timeline says why in Japanese. Each rule is shown
 * beside a request that does count, so the rule (not something else) is what held it back.
 */

let smtp: TestSmtpServer;
let context: TestContext;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ smtp, context, stop } = await startTrackingTestApp());
});
afterAll(() => stop());

const afterDelivery = () => context.clock.advance(60_000);

/** Microsoft Defender for Office 365 fetching a link for Safe Links detonation. */
const SAFE_LINKS_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Microsoft Defender SafeLinks';
/** Proofpoint's URL Defense rewrites links to urldefense.com and fetches through it. */
const PROOFPOINT_REFERER = 'https://urldefense.com/v3/__https://t.kizuki.test/t/c/abc__;!!ABC!xyz$';

/** The Japanese reasons of a recipient's tracking requests (null when counted), in order. */
async function reasons(launched: LaunchedCampaign, recipientId: number): Promise<Array<[string, boolean, string | null]>> {
  const events = await timeline(context, launched, recipientId);
  return events.filter((event) => !['scheduled', 'sent'].includes(event.kind)).map((event) => [event.kind, event.counted, event.reason]);
}

describe('a request that is not a person does not count, and says why', () => {
  it('HEAD on the click link (a link checker) is stored but not counted; the GET after it counts', async () => {
    const launched = await launchDelivered(context, smtp, { count: 2, landing: 'training' });
    const [mail] = launched.mails;
    afterDelivery();
    expect((await visit(context, mail!.click, { method: 'HEAD', ip: '203.0.113.1' })).statusCode).toBe(302);
    expect((await visit(context, mail!.pixel, { method: 'HEAD', ip: '203.0.113.1' })).statusCode).toBe(200);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'sent', opened_at: null, clicked_at: null });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 0, emails_clicked: 0 });

    const [headClick, headOpen] = await reasons(launched, mail!.recipientId);
    expect(headClick).toEqual(['click', false, expect.stringContaining('HEAD')]);
    expect(headOpen).toEqual(['open', false, expect.stringContaining('HEAD')]);

    expect((await visit(context, mail!.click, { ip: '203.0.113.1' })).statusCode).toBe(302);
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 1, emails_clicked: 1 });
    expect(await storedEvents(context, mail!.recipientId)).toHaveLength(3);
  });

  it('a Safe Links user agent and a Proofpoint referrer are not counted, each named in the reason', async () => {
    const launched = await launchDelivered(context, smtp, { count: 2, landing: 'training' });
    const [first, second] = launched.mails;
    afterDelivery();
    expect((await visit(context, first!.click, { ip: '203.0.113.2', userAgent: SAFE_LINKS_AGENT })).statusCode).toBe(302);
    expect((await visit(context, first!.pixel, { ip: '203.0.113.2', userAgent: SAFE_LINKS_AGENT })).statusCode).toBe(200);
    expect((await visit(context, second!.click, { ip: '203.0.113.3', referer: PROOFPOINT_REFERER })).statusCode).toBe(302);
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 0, emails_clicked: 0 });

    expect(await reasons(launched, first!.recipientId)).toEqual([
      ['click', false, 'Microsoft Defender（Safe Links）によるアクセス（メールセキュリティ製品による自動検査と判定）'],
      ['open', false, 'Microsoft Defender（Safe Links）によるアクセス（メールセキュリティ製品による自動検査と判定）'],
    ]);
    expect(await reasons(launched, second!.recipientId)).toEqual([
      ['click', false, 'Proofpoint（URL Defense）を経由したアクセス（メールセキュリティ製品による自動検査と判定）'],
    ]);

    // The same person's own browser, without the scanner's marks, counts.
    expect((await visit(context, second!.click, { ip: '203.0.113.3' })).statusCode).toBe(302);
    expect(await recipientOf(context, launched, second!.recipientId)).toMatchObject({ status: 'clicked' });
  });

  it('a click with no user agent (a program) is not counted; the pixel with none still counts as an open', async () => {
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    const [mail] = launched.mails;
    afterDelivery();
    expect((await visit(context, mail!.click, { ip: '203.0.113.8', userAgent: '' })).statusCode).toBe(302);
    expect((await visit(context, mail!.pixel, { ip: '203.0.113.8', userAgent: '' })).statusCode).toBe(200);
    expect(await reasons(launched, mail!.recipientId)).toEqual([
      ['click', false, 'ブラウザ情報のないアクセス（プログラムによる自動アクセスと判定）'],
      ['open', true, null],
    ]);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'opened', clicked_at: null });
  });

  it('a click 3 s after delivery (under TRACKING_MIN_CLICK_DELAY_S) is not counted; one after the delay is', async () => {
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    const [mail] = launched.mails;
    context.clock.advance(3_000);
    expect((await visit(context, mail!.click, { ip: '203.0.113.4' })).statusCode).toBe(302);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'sent', clicked_at: null });
    expect(await reasons(launched, mail!.recipientId)).toEqual([['click', false, '配信から3秒後のアクセス（メールセキュリティ製品による自動検査と判定）']]);

    context.clock.advance(7_000);
    expect((await visit(context, mail!.click, { ip: '203.0.113.5' })).statusCode).toBe(302);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'clicked' });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_clicked: 1 });
  });

  it('the hidden honeypot link is not counted, nor a click from the same address right after it; another address counts', async () => {
    const launched = await launchDelivered(context, smtp, { count: 1, landing: 'training' });
    const [mail] = launched.mails;
    afterDelivery();
    const honeypot = await visit(context, mail!.honeypot, { ip: '203.0.113.6' });
    expect(honeypot.statusCode).toBe(204);
    context.clock.advance(5_000);
    expect((await visit(context, mail!.click, { ip: '203.0.113.6' })).statusCode).toBe(302);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'sent', clicked_at: null });
    expect(await reasons(launched, mail!.recipientId)).toEqual([
      ['honeypot', false, '人には見えない確認用リンクへのアクセス（自動検査と判定）'],
      ['click', false, '人には見えない確認用リンクに続いて同じIPアドレスから行われたアクセス（自動検査と判定）'],
    ]);
    expect((await storedEvents(context, mail!.recipientId)).map((event) => event.reason)).toEqual(['honeypot', 'after_honeypot']);

    expect((await visit(context, mail!.click, { ip: '203.0.113.7' })).statusCode).toBe(302);
    expect(await recipientOf(context, launched, mail!.recipientId)).toMatchObject({ status: 'clicked' });
  });
});

describe('many people behind one address', () => {
  it('holds back the third recipient clicking from one address within a minute, until the human check overturns it at the time of the click', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'training' });
    const [first, second, third] = launched.mails;
    afterDelivery();
    const nat = '203.0.113.50';
    for (const mail of [first, second, third]) {
      expect((await visit(context, mail!.click, { ip: nat })).statusCode).toBe(302);
      context.clock.advance(5_000);
    }
    expect((await recipientOf(context, launched, first!.recipientId)).status).toBe('clicked');
    expect((await recipientOf(context, launched, second!.recipientId)).status).toBe('clicked');
    expect(await recipientOf(context, launched, third!.recipientId)).toMatchObject({ status: 'sent', clicked_at: null });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_clicked: 2 });
    expect(await reasons(launched, third!.recipientId)).toEqual([['click', false, '同じIPアドレスから短時間に3名分のアクセス（自動検査の可能性があるため保留）']]);
    const heldClickAt = (await timeline(context, launched, third!.recipientId)).find((event) => event.kind === 'click')!.at;

    // The lesson page's script: a real browser that stayed. No cookie, no CSRF header, no body.
    context.clock.advance(4_000);
    const beacon = await visit(context, `/t/b/${third!.token}`, { method: 'POST', ip: nat });
    expect(beacon.statusCode).toBe(204);
    const confirmed = await recipientOf(context, launched, third!.recipientId);
    expect(confirmed.status).toBe('clicked');
    expect(Date.parse(confirmed.clicked_at!)).toBe(Date.parse(heldClickAt));
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 3, emails_clicked: 3 });
    expect(await reasons(launched, third!.recipientId)).toEqual([
      ['click', false, '同じIPアドレスから短時間に3名分のアクセス（自動検査の可能性があるため保留）'],
      ['human_check', true, null],
    ]);

    // A second beacon changes nothing.
    expect((await visit(context, `/t/b/${third!.token}`, { method: 'POST', ip: nat })).statusCode).toBe(204);
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 3, emails_clicked: 3 });
  });

  it('behind one address, a person confirmed by the human check who then signs in on the lookalike form is recorded as entered', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'login' });
    const [first, second, third] = launched.mails;
    afterDelivery();
    const nat = '203.0.113.55';
    for (const mail of [first, second, third]) expect((await visit(context, mail!.click, { ip: nat })).statusCode).toBe(302);
    expect((await recipientOf(context, launched, third!.recipientId)).status).toBe('sent');
    // The lookalike form's beacon, then the form itself, a few seconds later, all within the minute.
    context.clock.advance(4_000);
    expect((await visit(context, `/t/b/${third!.token}`, { method: 'POST', ip: nat })).statusCode).toBe(204);
    expect((await recipientOf(context, launched, third!.recipientId)).status).toBe('clicked');
    context.clock.advance(6_000);
    expect((await visit(context, `/t/l/${third!.token}/submit`, { method: 'POST', ip: nat, contentType: 'application/x-www-form-urlencoded', payload: '' })).statusCode).toBe(303);
    expect(await recipientOf(context, launched, third!.recipientId)).toMatchObject({ status: 'submitted' });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_clicked: 3, emails_submitted: 1 });
  });

  it('behind one address, a submit held back before the human check is counted when the check comes (the lesson after the form sends it)', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'login' });
    const [first, second, third] = launched.mails;
    afterDelivery();
    const nat = '203.0.113.56';
    for (const mail of [first, second, third]) expect((await visit(context, mail!.click, { ip: nat })).statusCode).toBe(302);
    context.clock.advance(3_000);
    expect((await visit(context, `/t/l/${third!.token}/submit`, { method: 'POST', ip: nat })).statusCode).toBe(303);
    expect((await recipientOf(context, launched, third!.recipientId)).status).toBe('sent');
    context.clock.advance(4_000);
    expect((await visit(context, `/t/b/${third!.token}`, { method: 'POST', ip: nat })).statusCode).toBe(204);
    const confirmed = await recipientOf(context, launched, third!.recipientId);
    expect(confirmed.status).toBe('submitted');
    // Each first action at the time it happened: the click before the submit.
    expect(Date.parse(confirmed.clicked_at!)).toBeLessThan(Date.parse(confirmed.submitted_at!));
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_opened: 3, emails_clicked: 3, emails_submitted: 1 });
  });

  it('a click from the same address after the minute has passed is not held back', async () => {
    const launched = await launchDelivered(context, smtp, { count: 3, landing: 'training' });
    afterDelivery();
    const nat = '203.0.113.51';
    expect((await visit(context, launched.mails[0]!.click, { ip: nat })).statusCode).toBe(302);
    expect((await visit(context, launched.mails[1]!.click, { ip: nat })).statusCode).toBe(302);
    context.clock.advance(61_000);
    expect((await visit(context, launched.mails[2]!.click, { ip: nat })).statusCode).toBe(302);
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_clicked: 3 });
  });

  it('the human check never overturns a scanner: not a Safe Links click, and not from a Safe Links agent', async () => {
    const launched = await launchDelivered(context, smtp, { count: 4, landing: 'training' });
    const [scanned, first, second, third] = launched.mails;
    afterDelivery();
    // A scanner's click, then a beacon from a real browser: the click stays uncounted.
    expect((await visit(context, scanned!.click, { ip: '203.0.113.60', userAgent: SAFE_LINKS_AGENT })).statusCode).toBe(302);
    expect((await visit(context, `/t/b/${scanned!.token}`, { method: 'POST', ip: '203.0.113.61', userAgent: CHROME })).statusCode).toBe(204);
    expect(await recipientOf(context, launched, scanned!.recipientId)).toMatchObject({ status: 'sent', clicked_at: null });

    // A click held back for the shared address, then a "beacon" from a scanner's agent: still held back.
    const nat = '203.0.113.62';
    for (const mail of [first, second, third]) expect((await visit(context, mail!.click, { ip: nat })).statusCode).toBe(302);
    expect((await recipientOf(context, launched, third!.recipientId)).status).toBe('sent');
    expect((await visit(context, `/t/b/${third!.token}`, { method: 'POST', ip: nat, userAgent: SAFE_LINKS_AGENT })).statusCode).toBe(204);
    expect(await recipientOf(context, launched, third!.recipientId)).toMatchObject({ status: 'sent', clicked_at: null });
    expect(await campaignCounters(context, launched)).toMatchObject({ emails_clicked: 2 });
    const [, beacon] = await reasons(launched, third!.recipientId);
    expect(beacon).toEqual(['human_check', false, 'Microsoft Defender（Safe Links）によるアクセス（メールセキュリティ製品による自動検査と判定）']);
  });
});
