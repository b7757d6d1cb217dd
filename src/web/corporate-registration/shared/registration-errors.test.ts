import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';
import { completeRegistrationFailure, safeRedirectPath, sendConfirmationFailure, validationFailedMessage } from './registration-errors';

describe('send-confirmation failures (SPEC §5 corporate email step)', () => {
  it('shows a taken address under the field', () => {
    const failure = sendConfirmationFailure(new ApiError(422, '入力内容に誤りがあります。', { email: [m.emailTaken] }));
    expect(failure).toEqual({ fields: { email: m.emailTaken }, general: null });
  });

  it('reads any other e-mail complaint as a format problem', () => {
    const failure = sendConfirmationFailure(new ApiError(422, 'x', { email: ['有効なメールアドレスを入力してください'] }));
    expect(failure.fields.email).toBe(m.emailFormatServer);
  });

  it('maps agreement errors to their fields', () => {
    const failure = sendConfirmationFailure(new ApiError(422, 'x', { terms_agreed: ['x'], privacy_agreed: ['y'] }));
    expect(failure.fields).toEqual({ terms_agreed: m.termsRequired, privacy_agreed: m.privacyRequired });
  });

  it('puts other failures in the general box', () => {
    expect(sendConfirmationFailure(new ApiError(422, '入力内容に誤りがあります。')).general).toBe('入力内容に誤りがあります。');
    expect(sendConfirmationFailure(new ApiError(429, null)).general).toBe(m.confirmationRateLimited);
    expect(sendConfirmationFailure(new ApiError(429, 'あと1時間')).general).toBe('あと1時間');
    expect(sendConfirmationFailure(new ApiError(0, null)).general).toBe(m.registrationFailed);
    expect(sendConfirmationFailure(new ApiError(500, 'internal')).general).toBe(m.registrationFailed);
    expect(sendConfirmationFailure(new TypeError('boom')).general).toBe(m.registrationFailed);
  });
});

describe('complete-registration failures (SPEC §8)', () => {
  it('builds the Validation failed message from every field', () => {
    expect(validationFailedMessage({ organization_name: [m.organizationRequired], password: [m.passwordTooShort] })).toBe(
      `Validation failed: ${m.organizationRequired}, ${m.passwordTooShort}`,
    );
  });

  it('recognises an invalid token', () => {
    expect(completeRegistrationFailure(new ApiError(422, m.tokenInvalid, { token: [m.tokenInvalid] }))).toEqual({
      kind: 'token-invalid',
      message: m.tokenInvalid,
    });
  });

  it('returns field errors with the joined message', () => {
    const failure = completeRegistrationFailure(new ApiError(422, 'x', { password: [m.passwordNeedsLetterAndDigit] }));
    expect(failure).toEqual({
      kind: 'validation',
      message: `Validation failed: ${m.passwordNeedsLetterAndDigit}`,
      fields: { password: m.passwordNeedsLetterAndDigit },
    });
  });

  it('uses the server message, the HTTP status, or the generic network wording', () => {
    expect(completeRegistrationFailure(new ApiError(500, null)).message).toBe('HTTP error! status: 500');
    expect(completeRegistrationFailure(new ApiError(409, '既に登録済みです')).message).toBe('既に登録済みです');
    expect(completeRegistrationFailure(new ApiError(0, null)).message).toBe(m.registrationFailed);
  });

  it('follows only same-site redirect paths', () => {
    expect(safeRedirectPath('/corporate/registration/complete?email=a', '/x')).toBe('/corporate/registration/complete?email=a');
    expect(safeRedirectPath('https://evil.example/', '/x')).toBe('/x');
    expect(safeRedirectPath('//evil.example/', '/x')).toBe('/x');
    expect(safeRedirectPath(undefined, '/x')).toBe('/x');
  });
});
