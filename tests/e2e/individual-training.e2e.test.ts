import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INDIVIDUAL_FORM_IDS } from '../../src/common/individual-registration-form';
import { individualMessages, individualPaths } from '../../src/common/individual-training.schema';
import { PRIVACY_PATH, TERMS_PATH } from '../../src/common/legal-paths';
import { accountMessages } from '../../src/common/messages';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { employeeUserAgent } from './support/campaign-pages';
import { viewportName, type Viewport } from './support/e2e';
import { eventually } from './support/eventually';
import {
  completePage,
  describedErrors,
  expectNoHorizontalOverflow,
  focusedId,
  follow,
  individualLessonPage,
  lessonSubject,
  lookalikeForm,
  openMail,
  mailLink,
  registerThroughApi,
  registrationPage,
  uniqueAddress,
  unsubscribePage,
  useIndividualEnvironment,
  waitForReactForm,
} from './support/individual-pages';
import { pathOf } from './support/training-pages';

/**
 * Issue 12 "Individual training", in Chromium at phone and desktop width: a person registers their
 * own address on /phishing-training, lands on /registration/complete, finds the first training mail
 * (with the RFC 8058 headers) in a real SMTP server, clicks its link to the training page with
 * their own record, and stops the mail from the footer link with one more press. Then the
 * server's messages on the form (422 under the fields; the general list for a refusal or a lost
 * connection), and the same form with JavaScript off.
 */

/** Three attempts an hour per address, so the fourth is refused (the general error list) without a long loop. */
const ADDRESS_LIMIT = 3;
const { env, mailbox } = await useIndividualEnvironment({ RATE_LIMIT_INDIVIDUAL_ADDRESS: String(ADDRESS_LIMIT) });

const VIEWPORTS: Viewport[] = [PHONE, DESKTOP];

/**
 * A full-page screenshot (test-results/screenshots/individual-…), the page width, and axe unless
 * the page runs without JavaScript (axe runs in the page; the server's rendering is checked with
 * the scripts blocked instead).
 */
async function check(page: Page, label: string, viewport: Viewport, options: { axe?: boolean } = {}): Promise<void> {
  const name = `individual-${label}-${viewportName(viewport)}`;
  // Saved first, so a failing check below leaves the picture to look at.
  await saveScreenshot(page, name);
  await expectNoHorizontalOverflow(page, name);
  if (options.axe ?? true) await expectNoAxeViolations(page, name);
}

const isRegisterCall = (url: string): boolean => new URL(url).pathname === individualPaths.api;

describe.each(VIEWPORTS)('individual training at $width px', (viewport) => {
  const size = viewportName(viewport);

  it('registers, shows the complete page, delivers the first mail, shows the record on the training page, and unsubscribes', async () => {
    const address = uniqueAddress(`individual-${viewport.width}`);
    const { page } = await env.open(viewport);

    // 1. The registration page, taken over by React.
    await page.goto(individualPaths.registration);
    const form = registrationPage(page);
    await form.heading.waitFor();
    await waitForReactForm(page);
    await form.schedule.waitFor();
    await form.caution.waitFor();
    expect(await form.termsLink.getAttribute('href')).toBe(TERMS_PATH);
    expect(await form.privacyLink.getAttribute('href')).toBe(PRIVACY_PATH);
    expect(await form.fieldMessages.count()).toBe(0);
    await check(page, '1-form', viewport);

    await form.email.fill(address);
    await form.terms.check();
    await form.privacy.check();
    const call = page.waitForRequest((request) => isRegisterCall(request.url()) && request.method() === 'POST');
    await form.submit.click();
    expect((await call).postDataJSON()).toEqual({ email: address, terms_agreed: 1, privacy_agreed: 1 });

    // 2. The complete page: what happens next and how to stop.
    await page.waitForURL((url) => url.pathname === individualPaths.complete);
    const complete = completePage(page);
    await complete.heading.waitFor();
    expect(await page.getByRole('main').innerText()).toContain(individualMessages.registered);
    expect(await complete.next.getByRole('listitem').count()).toBe(3);
    expect(await complete.next.innerText()).toContain('1通目の訓練メールが届きます');
    expect(await complete.stop.innerText()).toContain('配信停止');
    await complete.report.waitFor();
    expect(await complete.back.getAttribute('href')).toBe(individualPaths.registration);
    await check(page, '2-complete', viewport);

    // 3. The first mail, in the real SMTP server, with the one-click unsubscribe headers and the footer link.
    const mail = await mailbox.waitForAnyMail(address);
    expect(mail.to).toEqual([address]);
    expect(mail.subject).not.toBe('');
    const unsubscribeUrl = mailLink(mail, env.server.baseUrl, '/phishing-training/unsubscribe/');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribeUrl.href}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`配信停止：${unsubscribeUrl.href}`);
    // The first mail says why it came, and how to stop at once for someone who did not register.
    expect(mail.text).toContain(`${address} が「キヅキ 個人向けフィッシング対策訓練」に登録されたため`);
    expect(mail.text).toContain('登録した覚えがない場合');
    expect(mail.html).toContain(`href="${env.server.baseUrl}/t/c/`);
    // Exactly one mail: nothing else goes out for one registration.
    expect(mailbox.allMailsTo(address)).toHaveLength(1);

    // 4. The person reads it in a real browser (not HeadlessChrome, which the scanner filter does not count) and clicks.
    const reader = await env.open(viewport, { userAgent: employeeUserAgent(viewport) });
    const inbox = await openMail(reader.context, mail.html);
    await saveScreenshot(inbox, `individual-3-mail-${size}`);
    const tracked = inbox.locator(`a[href^="${env.server.baseUrl}/t/c/"]`).first();
    const token = /\/t\/c\/([\w-]+)$/.exec((await tracked.getAttribute('href')) ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const training = await follow(inbox, tracked);
    await training.waitForURL((url) => url.pathname === `/t/l/${token}`);
    const lookalike = lookalikeForm(training);
    const lesson = individualLessonPage(training);
    await lesson.heading.or(lookalike.heading).waitFor();
    if (await lookalike.heading.isVisible()) {
      // A `login` lure opens its lookalike sign-in form first; what is typed goes nowhere.
      await check(training, '4-lookalike', viewport);
      await lookalike.id.fill(address);
      await lookalike.password.fill('not-a-real-password-1');
      await lookalike.submit.click();
      await training.waitForURL((url) => url.pathname === `/t/l/${token}` && url.searchParams.get('done') === '1');
      await lesson.nothingSent.waitFor();
    }
    await lesson.heading.waitFor();
    const lessonUrl = training.url();
    await eventually(() => lesson.record.innerText()).toContain('これまでの訓練：1回中、リンクを開いたのは1回');
    expect(await lessonSubject(training)).toBe(mail.subject);
    expect(await lesson.points.count()).toBeGreaterThanOrEqual(1);
    expect(await lesson.unsubscribe.getAttribute('href')).toBe(unsubscribeUrl.href);
    await check(training, '4-lesson', viewport);

    // 5. The footer's unsubscribe link: a confirmation first (mail scanners follow links), then one press.
    const again = await openMail(reader.context, mail.html);
    const footerLink = again.getByRole('link', { name: '配信停止', exact: true });
    expect(await footerLink.getAttribute('href')).toBe(unsubscribeUrl.href);
    const stopping = await follow(again, footerLink);
    await stopping.waitForURL((url) => url.pathname === unsubscribeUrl.pathname);
    const unsubscribe = unsubscribePage(stopping);
    await unsubscribe.heading.waitFor();
    // The address is masked: a forwarded link does not reveal whose it is.
    const confirmText = await stopping.getByRole('main').innerText();
    expect(confirmText).not.toContain(address);
    expect(confirmText).toContain(`${address.slice(0, 2)}***@example.jp`);
    await check(stopping, '5-unsubscribe', viewport);
    await unsubscribe.stop.click();
    await unsubscribe.doneHeading.waitFor();
    expect(await unsubscribe.registerAgain.getAttribute('href')).toBe(individualPaths.registration);
    await check(stopping, '6-unsubscribed', viewport);

    // Stopped for good: the link now says so at once, and the training page no longer offers to stop.
    await stopping.goto(unsubscribeUrl.href);
    await unsubscribe.doneHeading.waitFor();
    expect(await unsubscribe.stop.count()).toBe(0);
    await training.goto(lessonUrl);
    await lesson.heading.waitFor();
    expect(await lesson.record.innerText()).toContain('これまでの訓練：1回中、リンクを開いたのは1回');
    expect(await lesson.unsubscribe.count()).toBe(0);
    await saveScreenshot(training, `individual-6-lesson-after-stop-${size}`);
  });

  it('shows the server\'s messages: 422 under the fields, a refusal and a lost connection in the general list', async () => {
    const { page, context } = await env.open(viewport);
    await page.goto(individualPaths.registration);
    const form = registrationPage(page);
    await form.heading.waitFor();
    await waitForReactForm(page);

    // Nothing ticked and an address without a domain: the browser does not stop it, the server answers.
    await form.email.fill('hanako@');
    const answer = page.waitForResponse((response) => isRegisterCall(response.url()));
    await form.submit.click();
    const response = await answer;
    expect(response.status()).toBe(422);
    expect(response.request().postDataJSON()).toEqual({ email: 'hanako@', terms_agreed: 0, privacy_agreed: 0 });
    await eventually(() => describedErrors(form.email)).toBe(accountMessages.emailInvalid);
    expect(await describedErrors(form.terms)).toBe(accountMessages.termsRequired);
    expect(await describedErrors(form.privacy)).toBe(accountMessages.privacyRequired);
    expect(await form.email.getAttribute('aria-invalid')).toBe('true');
    expect(await form.generalErrors.count()).toBe(0);
    // The reader is taken to the first problem, with what they typed still there.
    await eventually(() => focusedId(page)).toBe(INDIVIDUAL_FORM_IDS.field('email'));
    expect(await form.email.inputValue()).toBe('hanako@');
    expect(pathOf(page)).toBe(individualPaths.registration);
    await check(page, '7-form-errors', viewport);

    // An address already tried too often this hour: the server's refusal goes in the general list.
    const busy = uniqueAddress(`busy-${viewport.width}`);
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) expect(await registerThroughApi(env.server.baseUrl, busy)).toBe(200);
    await form.email.fill(busy);
    await form.terms.check();
    await form.privacy.check();
    const refused = page.waitForResponse((reply) => isRegisterCall(reply.url()));
    await form.submit.click();
    expect((await refused).status()).toBe(429);
    await eventually(() => form.generalErrors.allInnerTexts()).toEqual([individualMessages.rateLimitedAddress]);
    expect(await form.fieldMessages.count()).toBe(0);
    expect(pathOf(page)).toBe(individualPaths.registration);
    await check(page, '8-form-refused', viewport);

    // No answer at all: the network error under 「エラーが発生しました」.
    await context.route(`**${individualPaths.api}`, (route) => route.abort('internetdisconnected'));
    await form.email.fill(uniqueAddress(`offline-${viewport.width}`));
    await form.submit.click();
    await eventually(() => form.generalErrors.allInnerTexts()).toEqual([individualMessages.networkError]);
    expect(await form.submit.isEnabled()).toBe(true);
    await check(page, '9-form-network-error', viewport);
  });

  it('works without JavaScript: errors come back with the address kept, and a valid form lands on the complete page', async () => {
    // Plain-form posts count towards the address limit even when invalid: an address of this test's own.
    const invalid = `hanako.${viewport.width}@`;
    const { page } = await env.open(viewport, { javaScriptEnabled: false });
    await page.goto(individualPaths.registration);
    const form = registrationPage(page);
    await form.heading.waitFor();

    // An address without a domain and only the terms ticked: the server renders the page again.
    await form.email.fill(invalid);
    await form.terms.check();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === individualPaths.registration && response.request().method() === 'POST');
    await form.submit.click();
    expect((await answer).status()).toBe(422);
    await form.fieldMessages.first().waitFor();
    expect(await describedErrors(form.email)).toBe(accountMessages.emailInvalid);
    expect(await describedErrors(form.terms)).toBeNull();
    expect(await describedErrors(form.privacy)).toBe(accountMessages.privacyRequired);
    expect(await form.email.inputValue()).toBe(invalid);
    expect(await page.locator('#phishing-training-registration-app').getAttribute('data-email')).toBe(invalid);
    expect(JSON.parse((await page.locator('#phishing-training-registration-app').getAttribute('data-errors')) ?? '{}')).toEqual({
      email: [accountMessages.emailInvalid],
      privacy_agreed: [accountMessages.privacyRequired],
    });
    // What was ticked stays ticked; the first problem has focus (autofocus, no script needed).
    expect(await form.terms.isChecked()).toBe(true);
    expect(await form.privacy.isChecked()).toBe(false);
    expect(await focusedId(page)).toBe(INDIVIDUAL_FORM_IDS.field('email'));
    await check(page, '10-nojs-errors', viewport, { axe: false });

    // Corrected: the plain post lands on the complete page, and the first mail goes out.
    const address = uniqueAddress(`nojs-${viewport.width}`);
    await form.email.fill(address);
    await form.privacy.check();
    await form.submit.click();
    await page.waitForURL((url) => url.pathname === individualPaths.complete);
    await completePage(page).heading.waitFor();
    await check(page, '11-nojs-complete', viewport, { axe: false });
    const mail = await mailbox.waitForAnyMail(address);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // A refusal comes back in the general list, the address kept.
    const busy = uniqueAddress(`nojs-busy-${viewport.width}`);
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt += 1) expect(await registerThroughApi(env.server.baseUrl, busy)).toBe(200);
    await page.goto(individualPaths.registration);
    await form.email.fill(busy);
    await form.terms.check();
    await form.privacy.check();
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === individualPaths.registration && response.request().method() === 'POST');
    await form.submit.click();
    expect((await refused).status()).toBe(429);
    await form.generalErrors.first().waitFor();
    expect(await form.generalErrors.allInnerTexts()).toEqual([individualMessages.rateLimitedAddress]);
    expect(await form.email.inputValue()).toBe(busy);
    // The list takes focus (autofocus), so a screen reader reads it first.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await check(page, '12-nojs-refused', viewport, { axe: false });

    // axe on the same two server renderings, in a browser whose scripts are blocked (axe needs JavaScript in the page).
    const server = await env.open(viewport);
    await server.page.route('**/assets/*.js', (route) => route.abort());
    const plain = registrationPage(server.page);
    await server.page.goto(individualPaths.registration);
    await plain.email.fill(`server.${viewport.width}@`);
    await plain.submit.click();
    await plain.fieldMessages.first().waitFor();
    expect(await plain.fieldMessages.allInnerTexts()).toEqual([accountMessages.emailInvalid, accountMessages.termsRequired, accountMessages.privacyRequired]);
    await expectNoAxeViolations(server.page, `individual-server-errors-${size}`);
    await plain.email.fill(busy);
    await plain.terms.check();
    await plain.privacy.check();
    await plain.submit.click();
    await plain.generalErrors.first().waitFor();
    await expectNoAxeViolations(server.page, `individual-server-refused-${size}`);
  });
});
