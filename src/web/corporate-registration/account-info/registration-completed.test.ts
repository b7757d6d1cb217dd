import { describe, expect, it } from 'vitest';
import { accountMessages as m } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';
import { isRegistrationCompleted } from './registration-completed';

describe('a sign-up link opened again after the registration was completed', () => {
  it('is told apart from an invalid or expired link by errors.registration', () => {
    expect(isRegistrationCompleted(new ApiError(422, m.registrationAlreadyCompleted, { registration: [m.registrationAlreadyCompleted] }))).toBe(true);
    expect(isRegistrationCompleted(new ApiError(422, m.tokenInvalid, { token: [m.tokenInvalid] }))).toBe(false);
    expect(isRegistrationCompleted(new ApiError(500, null))).toBe(false);
    expect(isRegistrationCompleted(new Error('network'))).toBe(false);
  });
});
