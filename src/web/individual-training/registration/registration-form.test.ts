import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type RegistrationErrors, splitRegistrationErrors } from '../../../common/individual-registration-form';
import { individualMessages } from '../../../common/individual-training.schema';
import { accountMessages } from '../../../common/messages';
import { registrationPageBody } from '../../../server/features/individual-training/individual-pages';
import { initialRegistrationState } from './initial-state';
import { registrationFeedback } from './registration-feedback';
import { RegistrationForm, type RegistrationFormProps } from './registration-form';
import { ApiError } from '../../lib/api-client';

const noop = () => undefined;

const render = (props: Partial<RegistrationFormProps> = {}) =>
  parseDocument(
    renderToStaticMarkup(
      createElement(RegistrationForm, {
        email: '',
        termsAgreed: false,
        privacyAgreed: false,
        csrfToken: 'csrf-1',
        feedback: { fields: {}, general: [] },
        busy: false,
        onEmailChange: noop,
        onAgreementChange: noop,
        onSubmit: noop,
        ...props,
      }),
    ),
  );

type Root = ReturnType<typeof parseDocument>;
const one = (root: Root | Element, test: (element: Element) => boolean): Element => {
  const found = DomUtils.findOne(test, root.children);
  if (!found) throw new Error('element not found');
  return found;
};
const find = (root: Root | Element, test: (element: Element) => boolean) => DomUtils.findOne(test, root.children);
const byName = (name: string) => (element: Element) => element.attribs.name === name;
const byClass = (name: string) => (element: Element) => (element.attribs.class ?? '').split(' ').includes(name);
const text = (element: Element) => DomUtils.textContent(element).replace(/\s+/g, ' ').trim();
/** The error text aria-describedby names for a control. */
const describedError = (root: Root, name: string) => {
  const ids = one(root, byName(name)).attribs['aria-describedby']?.split(' ') ?? [];
  const error = ids.map((id) => find(root, (element) => element.attribs.id === id)).find((element) => element && !byClass('field__hint')(element));
  return error ? text(error) : null;
};

describe('RegistrationForm', () => {
  it('has no client-side checks and posts where the server form posts', () => {
    const root = render();
    const form = one(root, (element) => element.name === 'form');
    expect('novalidate' in form.attribs).toBe(true);
    expect(form.attribs).toMatchObject({ method: 'post', action: '/phishing-training' });
    expect(DomUtils.findAll((element) => 'required' in element.attribs || 'pattern' in element.attribs, root.children)).toEqual([]);
    expect(text(one(root, (element) => element.name === 'button'))).toBe('セキュリティ訓練を開始する');
  });

  it('shows a 422’s field errors under email, terms_agreed and privacy_agreed', () => {
    const feedback = registrationFeedback(
      new ApiError(422, '入力内容に誤りがあります。', {
        email: [accountMessages.emailInvalid],
        terms_agreed: [accountMessages.termsRequired],
        privacy_agreed: [accountMessages.privacyRequired],
      }),
    );
    const root = render({ feedback });
    expect(describedError(root, 'email')).toBe(accountMessages.emailInvalid);
    expect(describedError(root, 'terms_agreed')).toBe(accountMessages.termsRequired);
    expect(describedError(root, 'privacy_agreed')).toBe(accountMessages.privacyRequired);
    for (const name of ['email', 'terms_agreed', 'privacy_agreed']) expect(one(root, byName(name)).attribs['aria-invalid']).toBe('true');
    expect(find(root, byClass('alert'))).toBeNull();
  });

  it('lists general errors under 「エラーが発生しました」', () => {
    const root = render({ feedback: { fields: {}, general: [individualMessages.rateLimitedIp, 'もうひとつ'] } });
    const alert = one(root, byClass('alert--error'));
    expect(alert.attribs.role).toBe('alert');
    expect(text(one(alert, byClass('alert__title')))).toBe('エラーが発生しました');
    expect(DomUtils.findAll((element) => element.name === 'li', alert.children).map(text)).toEqual([individualMessages.rateLimitedIp, 'もうひとつ']);
    expect(one(root, byName('email')).attribs['aria-invalid']).toBeUndefined();
  });

  it('shows the network error text under its heading', () => {
    const root = render({ feedback: registrationFeedback(new ApiError(0, null)) });
    const alert = one(root, byClass('alert--error'));
    expect(text(one(alert, byClass('alert__title')))).toBe('エラーが発生しました');
    expect(text(one(alert, byClass('alert__body')))).toBe('通信エラーが発生しました。しばらく後に再度お試しください。');
  });

  it('locks the form while sending', () => {
    const root = render({ busy: true });
    expect('disabled' in one(root, (element) => element.name === 'fieldset').attribs).toBe(true);
    expect(one(root, (element) => element.name === 'form').attribs['aria-busy']).toBe('true');
    expect(text(one(root, (element) => element.name === 'button'))).toBe('登録しています...');
    expect('disabled' in one(render(), (element) => element.name === 'fieldset').attribs).toBe(false);
  });

  it('starts from the errors and email the server put in the container', () => {
    const errors = { email: [accountMessages.emailInvalid], _form: [individualMessages.rateLimitedIp] };
    const initial = initialRegistrationState({ errors: JSON.stringify(errors), email: 'taro@example' }, {});
    const root = render({ ...initial });
    expect(one(root, byName('email')).attribs.value).toBe('taro@example');
    expect(describedError(root, 'email')).toBe(accountMessages.emailInvalid);
    expect(text(one(root, byClass('alert__body')))).toBe(individualMessages.rateLimitedIp);
  });
});

/** Each element as tag, attributes (but autofocus, which only the server page needs) and its own text. */
function shape(nodes: ChildNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const value = node.data.replace(/\s+/g, ' ').trim();
      if (value) out.push(`"${value}"`);
    } else if ('attribs' in node && 'name' in node) {
      const attributes = Object.entries(node.attribs)
        .filter(([name]) => name !== 'autofocus')
        .map(([name, value]) => `${name}=${value}`)
        .sort();
      out.push(`<${node.name} ${attributes.join(' ')}>`, ...shape(node.children), `</${node.name}>`);
    }
  }
  return out;
}

describe('the same form as the server renders', () => {
  const cases: { label: string; email: string; errors: RegistrationErrors; terms: boolean; privacy: boolean }[] = [
    { label: 'empty', email: '', errors: {}, terms: false, privacy: false },
    {
      label: 'with every kind of error',
      email: 'a"<b>@example.jp',
      errors: { email: [accountMessages.emailInvalid], terms_agreed: [accountMessages.termsRequired], _form: ['<全般>'] },
      terms: false,
      privacy: true,
    },
  ];
  for (const { label, email, errors, terms, privacy } of cases) {
    it(`matches the server markup element for element (${label})`, () => {
      const server = parseDocument(registrationPageBody({ email, errors, csrfToken: 'csrf-1', termsAgreed: terms, privacyAgreed: privacy }).value);
      const serverForm = one(server, (element) => element.name === 'form');
      const client = render({ email, termsAgreed: terms, privacyAgreed: privacy, csrfToken: 'csrf-1', feedback: splitRegistrationErrors(errors) });
      const clientForm = one(client, (element) => element.name === 'form');
      expect(shape([clientForm])).toEqual(shape([serverForm]));
    });
  }
});
