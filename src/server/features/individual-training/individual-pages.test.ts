import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { individualMessages, individualPaths } from '../../../common/individual-training.schema';
import { accountMessages, individualUiText } from '../../../common/messages';
import {
  maskEmail,
  registrationCompleteBody,
  registrationPageBody,
  unsubscribeConfirmBody,
  unsubscribeDoneBody,
  unsubscribeInvalidBody,
} from './individual-pages';

const parse = (markup: string) => parseDocument(markup);
type Root = ReturnType<typeof parse>;
const all = (root: Root, test: (element: Element) => boolean) => DomUtils.findAll(test, root.children);
const one = (root: Root, test: (element: Element) => boolean): Element => {
  const found = DomUtils.findOne(test, root.children);
  if (!found) throw new Error('element not found');
  return found;
};
const byId = (id: string) => (element: Element) => element.attribs.id === id;
const byName = (name: string) => (element: Element) => element.attribs.name === name;
const text = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();

const page = (input: Partial<Parameters<typeof registrationPageBody>[0]> = {}) =>
  parse(registrationPageBody({ email: '', errors: {}, csrfToken: 'csrf-123', ...input }).value);

describe('registrationPageBody: the form without JavaScript', () => {
  it('posts the three fields and the CSRF token to the registration path', () => {
    const root = page();
    const form = one(root, (element) => element.name === 'form');
    expect(form.attribs.method).toBe('post');
    expect(form.attribs.action).toBe(individualPaths.registration);
    expect('novalidate' in form.attribs).toBe(true);

    const csrf = one(root, byName('_csrf'));
    expect(csrf.attribs).toMatchObject({ type: 'hidden', value: 'csrf-123' });
    expect(one(root, byName('email')).attribs).toMatchObject({ type: 'email', value: '' });
    expect(one(root, byName('terms_agreed')).attribs).toMatchObject({ type: 'checkbox', value: '1' });
    expect(one(root, byName('privacy_agreed')).attribs).toMatchObject({ type: 'checkbox', value: '1' });
    // SPEC §2.4: no client-side checks.
    expect(all(root, (element) => 'required' in element.attribs || 'pattern' in element.attribs)).toEqual([]);

    const submit = one(root, (element) => element.name === 'button');
    expect(submit.attribs.type).toBe('submit');
    expect(text(submit)).toBe('セキュリティ訓練を開始する');
  });

  it('sits in the mount container with the initial errors and email as data attributes', () => {
    const errors = { email: [accountMessages.emailInvalid] };
    const root = page({ email: 'taro@example.jp', errors });
    const container = one(root, byId('phishing-training-registration-app'));
    expect(JSON.parse(container.attribs['data-errors'] ?? '')).toEqual(errors);
    expect(container.attribs['data-email']).toBe('taro@example.jp');
    expect(one(root, (element) => element.name === 'h1')).toBeTruthy();
    expect(DomUtils.findOne((element) => element.name === 'form', container.children)).not.toBeNull();
  });

  it('links the agreements to the terms and the privacy policy', () => {
    const root = page();
    const label = (name: string) => one(root, byName(name)).parent as Element;
    const link = (name: string) => DomUtils.findOne((element) => element.name === 'a', [label(name)]);
    expect(link('terms_agreed')?.attribs.href).toBe('/terms');
    expect(link('privacy_agreed')?.attribs.href).toBe('/privacy');
    expect(text(label('terms_agreed'))).toBe('利用規約（新しいタブで開きます）に同意する');
  });

  it('shows each field error under its field, wired to the control', () => {
    const root = page({
      errors: {
        email: [accountMessages.emailInvalid],
        terms_agreed: [accountMessages.termsRequired],
        privacy_agreed: [accountMessages.privacyRequired],
      },
    });
    for (const [name, message] of [
      ['email', accountMessages.emailInvalid],
      ['terms_agreed', accountMessages.termsRequired],
      ['privacy_agreed', accountMessages.privacyRequired],
    ] as const) {
      const control = one(root, byName(name));
      expect(control.attribs['aria-invalid']).toBe('true');
      const errorId = control.attribs['aria-describedby']?.split(' ').at(-1) ?? '';
      expect(text(one(root, byId(errorId)))).toBe(message);
    }
    // The first invalid field takes focus when the page comes back from a plain post.
    expect('autofocus' in one(root, byName('email')).attribs).toBe(true);
    expect('autofocus' in one(root, byName('terms_agreed')).attribs).toBe(false);
    expect(all(root, (element) => element.attribs.class === 'alert alert--error')).toEqual([]);
  });

  it('puts any other key in the general error list under its heading', () => {
    const root = page({ errors: { _form: [individualMessages.rateLimitedIp], terms_agreed: [accountMessages.termsRequired] } });
    const alert = one(root, (element) => element.attribs.role === 'alert' && element.attribs.class === 'alert alert--error');
    expect(text(one(parse(DomUtils.getOuterHTML(alert)), (element) => element.attribs.class === 'alert__title'))).toBe(individualMessages.networkErrorTitle);
    expect(all(parse(DomUtils.getOuterHTML(alert)), (element) => element.name === 'li').map(text)).toEqual([individualMessages.rateLimitedIp]);
    expect(text(one(root, byId(one(root, byName('terms_agreed')).attribs['aria-describedby'] ?? '')))).toBe(accountMessages.termsRequired);
    // With a general error the box leads and takes focus; no field grabs it past the box.
    expect(all(root, (element) => 'autofocus' in element.attribs)).toEqual([alert]);
  });

  it('keeps the ticks and the email when the form comes back', () => {
    const root = page({ email: 'a@example.jp', termsAgreed: true, errors: { privacy_agreed: [accountMessages.privacyRequired] } });
    expect(one(root, byName('email')).attribs.value).toBe('a@example.jp');
    expect('checked' in one(root, byName('terms_agreed')).attribs).toBe(true);
    expect('checked' in one(root, byName('privacy_agreed')).attribs).toBe(false);
  });

  it('escapes a hostile address and hostile error texts everywhere', () => {
    const email = '"><script>alert(1)</script>@x.jp';
    const errors = { email: ['<img src=x onerror=alert(1)>'], '"><b>': ['</ul><script>x</script>'] };
    const markup = registrationPageBody({ email, errors, csrfToken: '"><script>', termsAgreed: false }).value;
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('<b>');
    const root = parse(markup);
    // Read back intact: the data attributes, the field value, the texts.
    const container = one(root, byId('phishing-training-registration-app'));
    expect(container.attribs['data-email']).toBe(email);
    expect(JSON.parse(container.attribs['data-errors'] ?? '')).toEqual(errors);
    expect(one(root, byName('email')).attribs.value).toBe(email);
    expect(one(root, byName('_csrf')).attribs.value).toBe('"><script>');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markup).toContain('&lt;/ul&gt;&lt;script&gt;x&lt;/script&gt;');
  });

  it('tells when the mails come and what to know before registering', () => {
    const body = text(page().children[0] as Element);
    expect(body).toContain(individualUiText.scheduleFirst);
    expect(body).toContain('平日の9時〜17時（日本時間）');
    expect(body).toContain('祝日には届きません');
    for (const brand of ['宅配便の再配達', 'ネット通販', 'クレジットカード', '携帯電話会社', '国税庁', 'Apple ID']) expect(body).toContain(brand);
    expect(body).toContain('どこにも送信されません');
    expect(body).toContain('ほかの人のメールアドレスを登録することは禁止');
    expect(body).toContain('広告');
    expect(body).toContain('無料');
    expect(body).toContain('ワンクリック');
    const corporate = one(page(), (element) => element.name === 'a' && element.attribs.href === '/corporate/register');
    expect(text(corporate)).toBe('法人向けのセキュリティ訓練');
  });
});

describe('registrationCompleteBody', () => {
  it('tells what happens next, how to stop, and links onward, with no form', () => {
    const root = parse(registrationCompleteBody().value);
    const body = text(root.children[0] as Element);
    expect(body).toContain('迷惑メールフォルダ');
    expect(body).toContain('平日の9時〜17時（日本時間）');
    expect(body).toContain('配信停止');
    const hrefs = all(root, (element) => element.name === 'a').map((element) => element.attribs.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/phishing-reports', individualPaths.registration]));
    expect(all(root, (element) => element.name === 'form')).toEqual([]);
  });
});

describe('unsubscribe pages', () => {
  it('asks before stopping, posting with the CSRF token', () => {
    const actionUrl = individualPaths.unsubscribe('tok"en');
    const root = parse(unsubscribeConfirmBody({ actionUrl, maskedEmail: 'ta***@example.jp', csrfToken: 'c"1' }).value);
    expect(text(one(root, (element) => element.name === 'h1'))).toBe('配信を停止しますか');
    expect(text(root.children[0] as Element)).toContain('ta***@example.jp');
    const form = one(root, (element) => element.name === 'form');
    expect(form.attribs).toMatchObject({ method: 'post', action: actionUrl });
    expect(one(root, byName('_csrf')).attribs.value).toBe('c"1');
    expect(text(one(root, (element) => element.name === 'button'))).toBe('配信を停止する');
  });

  it('confirms the stop and offers registering again', () => {
    const root = parse(unsubscribeDoneBody({ registrationUrl: '/phishing-training' }).value);
    expect(text(one(root, (element) => element.name === 'h1'))).toBe('配信を停止しました');
    expect(text(root.children[0] as Element)).toContain('届くことがあります');
    expect(one(root, (element) => element.name === 'a').attribs.href).toBe('/phishing-training');
  });

  it('says calmly that the link is not valid', () => {
    const root = parse(unsubscribeInvalidBody().value);
    expect(text(one(root, (element) => element.name === 'h1'))).toBe('配信停止リンクが無効です');
    expect(all(root, (element) => element.name === 'form')).toEqual([]);
  });
});

describe('maskEmail', () => {
  it('shows at most two characters, never more than half of the local part, and the domain', () => {
    expect(maskEmail('taro@example.jp')).toBe('ta***@example.jp');
    expect(maskEmail('taro.yamada@example.co.jp')).toBe('ta***@example.co.jp');
    expect(maskEmail('abc@example.jp')).toBe('a***@example.jp');
    expect(maskEmail('ab@example.jp')).toBe('a***@example.jp');
    expect(maskEmail('a@example.jp')).toBe('***@example.jp');
  });

  it('counts characters, not UTF-16 units, and copes with odd input', () => {
    expect(maskEmail('😀😀😀😀@example.jp')).toBe('😀😀***@example.jp');
    expect(maskEmail('"a@b"@example.jp')).toBe('"a***@example.jp');
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.jp')).toBe('***');
  });
});
