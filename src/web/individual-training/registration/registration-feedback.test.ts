import { describe, expect, it } from 'vitest';
import { individualMessages } from '../../../common/individual-training.schema';
import { accountMessages, commonMessages } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';
import { initialRegistrationState, parseInitialErrors } from './initial-state';
import { registrationPayload } from './registration-api';
import { registrationFeedback } from './registration-feedback';

describe('registrationFeedback (SPEC §5 individual form, §8)', () => {
  it('puts a 422’s field errors under the three fields', () => {
    const error = new ApiError(422, commonMessages.validationFailed, {
      email: [accountMessages.emailInvalid],
      terms_agreed: [accountMessages.termsRequired],
      privacy_agreed: [accountMessages.privacyRequired],
    });
    expect(registrationFeedback(error)).toEqual({
      fields: {
        email: [accountMessages.emailInvalid],
        terms_agreed: [accountMessages.termsRequired],
        privacy_agreed: [accountMessages.privacyRequired],
      },
      general: [],
    });
  });

  it('lists other keys generally, and the message when the answer names no field', () => {
    const mixed = new ApiError(422, commonMessages.validationFailed, { email: [accountMessages.emailInvalid], fingerprint: ['不正な値です'] });
    expect(registrationFeedback(mixed)).toEqual({ fields: { email: [accountMessages.emailInvalid] }, general: ['不正な値です'] });
    expect(registrationFeedback(new ApiError(422, 'このアドレスには登録できません'))).toEqual({ fields: {}, general: ['このアドレスには登録できません'] });
    expect(registrationFeedback(new ApiError(422, null))).toEqual({ fields: {}, general: [commonMessages.validationFailed] });
  });

  it('shows the server’s message for 429 and the other refusals', () => {
    expect(registrationFeedback(new ApiError(429, individualMessages.rateLimitedAddress))).toEqual({ fields: {}, general: [individualMessages.rateLimitedAddress] });
    expect(registrationFeedback(new ApiError(403, commonMessages.csrfMismatch))).toEqual({ fields: {}, general: [commonMessages.csrfMismatch] });
    expect(registrationFeedback(new ApiError(500, commonMessages.internalError))).toEqual({ fields: {}, general: [commonMessages.internalError] });
    expect(registrationFeedback(new ApiError(429, null)).general).toEqual([commonMessages.rateLimited]);
    expect(registrationFeedback(new ApiError(502, null)).general).toEqual([accountMessages.registrationFailed]);
  });

  it('says 通信エラー when no answer came', () => {
    const expected = { fields: {}, general: ['通信エラーが発生しました。しばらく後に再度お試しください。'] };
    expect(registrationFeedback(new ApiError(0, null))).toEqual(expected);
    expect(registrationFeedback(new TypeError('Failed to fetch'))).toEqual(expected);
  });
});

describe('the payload (SPEC §7)', () => {
  it('sends the agreements as 1 or 0 and the address as typed', () => {
    expect(registrationPayload({ email: ' Taro@Example.jp ', termsAgreed: true, privacyAgreed: false })).toEqual({
      email: ' Taro@Example.jp ',
      terms_agreed: 1,
      privacy_agreed: 0,
    });
    expect(registrationPayload({ email: '', termsAgreed: false, privacyAgreed: true })).toEqual({ email: '', terms_agreed: 0, privacy_agreed: 1 });
  });
});

describe('the initial state from the container (SPEC §2.9)', () => {
  it('reads data-errors and data-email', () => {
    const state = initialRegistrationState(
      { errors: JSON.stringify({ email: [accountMessages.emailInvalid], _form: [individualMessages.rateLimitedIp] }), email: 'taro@example.jp' },
      {},
      'meta-token',
    );
    expect(state).toEqual({
      email: 'taro@example.jp',
      termsAgreed: false,
      privacyAgreed: false,
      csrfToken: 'meta-token',
      feedback: { fields: { email: [accountMessages.emailInvalid] }, general: [individualMessages.rateLimitedIp] },
    });
  });

  it('keeps what the server’s form already shows: typed text, ticks, its token', () => {
    const state = initialRegistrationState({ errors: '{}', email: 'old@example.jp' }, { email: 'typed@example.jp', termsAgreed: true, privacyAgreed: false, csrfToken: 'form-token' }, 'meta-token');
    expect(state).toMatchObject({ email: 'typed@example.jp', termsAgreed: true, privacyAgreed: false, csrfToken: 'form-token' });
  });

  it('tolerates missing, broken or odd data-errors', () => {
    expect(parseInitialErrors(undefined)).toEqual({});
    expect(parseInitialErrors('')).toEqual({});
    expect(parseInitialErrors('{"email": [')).toEqual({});
    expect(parseInitialErrors('null')).toEqual({});
    expect(parseInitialErrors('["a"]')).toEqual({});
    expect(parseInitialErrors('"text"')).toEqual({});
    expect(parseInitialErrors(JSON.stringify({ email: 'one message', terms_agreed: [1, '', '同意が必要です'], privacy_agreed: {}, x: [] }))).toEqual({
      email: ['one message'],
      terms_agreed: ['同意が必要です'],
    });
    expect(initialRegistrationState({ errors: 'not json' }, {}).feedback).toEqual({ fields: {}, general: [] });
  });
});
