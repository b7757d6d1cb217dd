import type { RegistrationResult } from '../../../common/account.schema';
import { apiRequest } from '../../lib/api-client';

/** SPEC §7 "Corporate registration"; none of these carries a bearer token. */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function sendConfirmation(email: string): Promise<{ message: string }> {
  return apiRequest('/api/corporate/send-confirmation', {
    method: 'POST',
    json: { email, terms_agreed: true, privacy_agreed: true },
    parse: (data) => ({ message: isObject(data) && typeof data.message === 'string' ? data.message : '' }),
    signInOn401: false,
  });
}

export function verifyRegistrationToken(token: string, signal?: AbortSignal): Promise<{ email: string }> {
  return apiRequest('/api/corporate/verify-email', {
    method: 'POST',
    json: { token },
    parse: (data) => {
      if (!isObject(data) || typeof data.email !== 'string') throw new Error('verify-email: no email');
      return { email: data.email };
    },
    signal,
    signInOn401: false,
  });
}

export function completeRegistration(values: { token: string; organization_name: string; password: string }): Promise<RegistrationResult> {
  return apiRequest('/api/corporate/complete-registration', {
    method: 'POST',
    json: values,
    parse: (data) => {
      if (!isObject(data) || !isObject(data.user) || !isObject(data.tenant)) throw new Error('complete-registration: shape');
      return data as unknown as RegistrationResult;
    },
    signInOn401: false,
  });
}
