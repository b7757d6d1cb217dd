import { describe, expect, it } from 'vitest';
import { FREE_PLAN, FREE_PLAN_FEATURES } from '../../../common/plans';
import { decodeEntities, visibleText } from '../../test/html-text';
import { toEnvelope, type OutgoingMail } from '../mail/mail-message';
import { MAIL_SIGNATURE, SEND_ONLY_NOTICE } from './account-mail-layout';
import { emailChangeMail, emailConfirmationMail, passwordChangedNoticeMail, passwordResetMail, registrationConfirmationMail, welcomeMail } from './account-mails';

const appUrl = 'https://kizuki.example';
const to = 'hanako+training@example.co.jp';
// base64-ish token: every character that breaks a query string unless encoded.
const token = 'a+b/c=d&e?f#g';
const expiresAt = new Date('2026-11-21T03:00:00Z');
const EXPIRY_TEXT = '2026/11/21 12:00（日本時間）';
const hostileName = '<script>alert("x")</script>';

/** The href values of the HTML part, decoded as a browser would. */
const hrefs = (mail: OutgoingMail) => [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ''));

const MAILS = {
  registrationConfirmation: registrationConfirmationMail({ to, appUrl, token, expiresAt }),
  passwordReset: passwordResetMail({ to, appUrl, token, expiresAt, name: '山田 花子' }),
  emailChange: emailChangeMail({ to, appUrl, token, expiresAt }),
  emailConfirmation: emailConfirmationMail({ to, appUrl, token, expiresAt }),
  passwordChangedNotice: passwordChangedNoticeMail({ to, appUrl, name: '山田 花子', changedAt: expiresAt }),
  welcome: welcomeMail({ to, appUrl, organizationName: '株式会社キヅキ商事' }),
};

describe.each(Object.entries(MAILS))('%s', (_name, mail) => {
  it('is a valid transactional mail: one recipient, single-line 【キヅキ】 subject, both parts, no List-Unsubscribe', () => {
    expect(mail.to).toBe(to);
    expect(mail.subject).toMatch(/^【キヅキ】[^\r\n]+$/);
    expect(mail.unsubscribeUrl).toBeUndefined();
    expect(toEnvelope(mail).headers).toEqual({});
  });

  it('says it is sent automatically and signs as the operations office, in both parts', () => {
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(SEND_ONLY_NOTICE);
      expect(part).toContain(MAIL_SIGNATURE);
      expect(part).toContain('お心当たりのない場合');
    }
  });

  it('is simple inline-styled HTML without tables, scripts or remote resources', () => {
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ja">/);
    expect(mail.html).not.toMatch(/<table|<script|<img|<link|<style/i);
    for (const href of hrefs(mail)) expect(href.startsWith(`${appUrl}/`)).toBe(true);
  });
});

describe('links', () => {
  it.each([
    ['registrationConfirmation', '/corporate/register/account', { token, email: to }],
    ['passwordReset', '/corporate/password/reset', { token, email: to }],
    ['emailChange', '/account/email/verify', { token }],
    ['emailConfirmation', '/account/email/verify', { token }],
  ] as const)('%s carries the token (and address) encoded, as a link and as visible text in both parts', (name, pathname, query) => {
    const mail = MAILS[name];
    const url = new URL(hrefs(mail)[0] ?? '');
    expect(url.origin + url.pathname).toBe(appUrl + pathname);
    expect(Object.fromEntries(url.searchParams)).toEqual(query);
    const link = url.toString();
    expect(link).not.toContain('+');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(visibleText(mail.html)).toContain(link);
    expect(hrefs(mail).filter((href) => href === link)).toHaveLength(2);
  });

  it('points the password-change notice at the forgotten-password page', () => {
    expect(MAILS.passwordChangedNotice.text).toContain(`${appUrl}/corporate/password/forgot`);
    expect(hrefs(MAILS.passwordChangedNotice)).toContain(`${appUrl}/corporate/password/forgot`);
  });

  it('points the welcome mail at the login', () => {
    expect(MAILS.welcome.text).toContain(`${appUrl}/corporate/login`);
    expect(hrefs(MAILS.welcome)).toContain(`${appUrl}/corporate/login`);
  });
});

describe('content', () => {
  it.each(['registrationConfirmation', 'passwordReset', 'emailChange', 'emailConfirmation'] as const)('%s states the expiry in Japan time', (name) => {
    expect(MAILS[name].text).toContain(`有効期限は${EXPIRY_TEXT}です`);
    expect(visibleText(MAILS[name].html)).toContain(`有効期限は${EXPIRY_TEXT}です`);
  });

  it('dates the password change in Japan time and names the account', () => {
    expect(MAILS.passwordChangedNotice.text).toContain(`${EXPIRY_TEXT}に、キヅキ（Kizuki）のアカウント（${to}）のパスワードが変更されました。`);
  });

  it('addresses people by name, or as ご担当者様 when there is none yet', () => {
    expect(MAILS.passwordReset.text.startsWith('山田 花子 様\n')).toBe(true);
    expect(MAILS.registrationConfirmation.text.startsWith('ご担当者様\n')).toBe(true);
    expect(passwordResetMail({ to, appUrl, token, expiresAt, name: ' ' }).text.startsWith('ご担当者様\n')).toBe(true);
  });

  it('greets the welcome mail as the service, and quotes the organisation name only in a labelled field', () => {
    const text = MAILS.welcome.text;
    expect(text.startsWith('ご担当者様\n')).toBe(true);
    expect(MAILS.welcome.subject).not.toContain('株式会社キヅキ商事');
    expect(text).toContain('組織名（ご登録時の入力内容）：『株式会社キヅキ商事』');
    expect(text.split('株式会社キヅキ商事')).toHaveLength(2);
    expect(visibleText(MAILS.welcome.html)).toContain('組織名（ご登録時の入力内容）：『株式会社キヅキ商事』');
  });

  it('sends nothing user-written to an unconfirmed address: the confirmation and address-change mails are fixed text around the recipient and link', () => {
    const lure = '【緊急】不正ログインを検知しました。https://evil.example/verify で本人確認してください';
    expect(emailConfirmationMail({ to, appUrl, token, expiresAt })).toEqual(MAILS.emailConfirmation);
    expect(emailChangeMail({ to, appUrl, token, expiresAt })).toEqual(MAILS.emailChange);
    for (const mail of [MAILS.emailConfirmation, MAILS.emailChange]) {
      expect(mail.text.startsWith('ご利用者様\n')).toBe(true);
      expect(mail.text).not.toContain(lure);
    }
  });

  it('tells a new organisation its plan, its login ID and the next steps, without any password', () => {
    const text = MAILS.welcome.text;
    expect(text).toContain(`ご利用プラン：${FREE_PLAN.name}`);
    for (const feature of FREE_PLAN_FEATURES) expect(text).toContain(feature);
    expect(text).toContain(`ログインID（メールアドレス）：${to}`);
    expect(text).toMatch(/1\. .*従業員.*\n2\. .*訓練キャンペーン/);
  });

  it('escapes a hostile name and organisation in the HTML part and keeps them as plain text in the text part', () => {
    const mails = [
      passwordResetMail({ to, appUrl, token, expiresAt, name: hostileName }),
      passwordChangedNoticeMail({ to, appUrl, name: hostileName, changedAt: expiresAt }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(visibleText(mail.html)).toContain(hostileName);
      expect(mail.text).toContain(`${hostileName} 様`);
    }
    const welcome = welcomeMail({ to, appUrl, organizationName: hostileName });
    expect(welcome.html).not.toContain('<script>');
    expect(welcome.html).toContain('『&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;』');
    expect(welcome.text).toContain(`『${hostileName}』`);
  });
});
