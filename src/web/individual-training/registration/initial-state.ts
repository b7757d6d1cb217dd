import { type RegistrationErrors, splitRegistrationErrors } from '../../../common/individual-registration-form';
import type { RegistrationFeedback } from './registration-feedback';

export type RegistrationInitialState = {
  email: string;
  termsAgreed: boolean;
  privacyAgreed: boolean;
  csrfToken: string;
  feedback: RegistrationFeedback;
};

/**
 * The container's data-errors (SPEC §2.9): the errors of a form the server sent back. Anything
 * that is not an object of message lists is ignored rather than breaking the page.
 */
export function parseInitialErrors(raw: string | undefined): RegistrationErrors {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const errors: RegistrationErrors = {};
  for (const [key, value] of Object.entries(parsed)) {
    const list: unknown[] = Array.isArray(value) ? value : [value];
    const texts = list.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
    if (texts.length > 0) errors[key] = texts;
  }
  return errors;
}

export type LiveForm = { email?: string; termsAgreed?: boolean; privacyAgreed?: boolean; csrfToken?: string };

/**
 * The starting state: the container's data-errors and data-email (SPEC §2.9), except that what
 * the server's form already shows wins, so nothing typed or ticked before the script loaded is lost.
 */
export function initialRegistrationState(data: { errors?: string; email?: string }, live: LiveForm, metaCsrfToken = ''): RegistrationInitialState {
  return {
    email: live.email ?? data.email ?? '',
    termsAgreed: live.termsAgreed ?? false,
    privacyAgreed: live.privacyAgreed ?? false,
    csrfToken: live.csrfToken ?? metaCsrfToken,
    feedback: splitRegistrationErrors(parseInitialErrors(data.errors)),
  };
}
