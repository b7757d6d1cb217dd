import { accountMessages as m } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';

const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, null));

export type SendConfirmationFailure = {
  fields: Partial<Record<'email' | 'terms_agreed' | 'privacy_agreed', string>>;
  general: string | null;
};

/**
 * SPEC §5 corporate email step: a taken address says so under the field; any other e-mail
 * complaint from the server reads as a format problem; the rest goes in the error box.
 */
export function sendConfirmationFailure(error: unknown): SendConfirmationFailure {
  const e = asApiError(error);
  if (e.status === 422) {
    const fields: SendConfirmationFailure['fields'] = {};
    const email = e.fieldErrors.email;
    if (email?.length) fields.email = email.includes(m.emailTaken) ? m.emailTaken : m.emailFormatServer;
    if (e.fieldErrors.terms_agreed?.length) fields.terms_agreed = m.termsRequired;
    if (e.fieldErrors.privacy_agreed?.length) fields.privacy_agreed = m.privacyRequired;
    if (Object.keys(fields).length > 0) return { fields, general: null };
    return { fields, general: e.serverMessage ?? m.registrationFailed };
  }
  if (e.status === 429) return { fields: {}, general: e.serverMessage ?? m.confirmationRateLimited };
  if (e.status === 0 || e.status >= 500) return { fields: {}, general: m.registrationFailed };
  return { fields: {}, general: e.serverMessage ?? m.registrationFailed };
}

/** SPEC §8: "Validation failed: " plus the joined messages of every field. */
export function validationFailedMessage(errors: Record<string, string[]>): string {
  return m.validationFailedPrefix + Object.values(errors).flat().join(', ');
}

export type CompleteRegistrationFailure =
  | { kind: 'token-invalid'; message: string }
  | { kind: 'validation'; message: string; fields: Record<string, string> }
  | { kind: 'other'; message: string };

export function isTokenInvalid(e: ApiError): boolean {
  return e.status === 422 && (e.serverMessage === m.tokenInvalid || Boolean(e.fieldErrors.token?.length));
}

/** SPEC §8 global/corporate: token → back to the register page; 422 → Validation failed; else server text or HTTP status. */
export function completeRegistrationFailure(error: unknown): CompleteRegistrationFailure {
  const e = asApiError(error);
  if (isTokenInvalid(e)) return { kind: 'token-invalid', message: m.tokenInvalid };
  if (e.status === 422 && Object.keys(e.fieldErrors).length > 0) {
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(e.fieldErrors)) if (messages[0]) fields[field] = messages[0];
    return { kind: 'validation', message: validationFailedMessage(e.fieldErrors), fields };
  }
  if (e.status === 0) return { kind: 'other', message: m.registrationFailed };
  return { kind: 'other', message: e.serverMessage ?? `HTTP error! status: ${e.status}` };
}

/** Only a same-site path is followed, never a full URL from an answer. */
export function safeRedirectPath(url: unknown, fallback: string): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : fallback;
}
