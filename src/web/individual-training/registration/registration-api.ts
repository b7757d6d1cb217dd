import { individualPaths } from '../../../common/individual-training';
import { apiRequest } from '../../lib/api-client';
import { type RegistrationFeedback, registrationFeedback } from './registration-feedback';

export interface RegistrationValues {
  email: string;
  termsAgreed: boolean;
  privacyAgreed: boolean;
}

/** SPEC §7: the address as typed (the server trims and checks it) and the agreements as 1 or 0. */
export type RegistrationPayload = { email: string; terms_agreed: 1 | 0; privacy_agreed: 1 | 0 };

export function registrationPayload({ email, termsAgreed, privacyAgreed }: RegistrationValues): RegistrationPayload {
  return { email, terms_agreed: termsAgreed ? 1 : 0, privacy_agreed: privacyAgreed ? 1 : 0 };
}

/** POST /api/individual/register. The answer's success flag is the whole news; it carries no data. */
export function registerIndividual(values: RegistrationValues): Promise<void> {
  return apiRequest(individualPaths.api, {
    method: 'POST',
    json: registrationPayload(values),
    parse: () => undefined,
    // A public page: a 401 here has nothing to do with the corporate sign-in.
    signInOn401: false,
  });
}

const goTo = (path: string) => window.location.assign(path);

/**
 * Sends the form. On success the browser goes to the complete page (SPEC §2.4) and there is no
 * feedback; otherwise the answer becomes the messages the form shows.
 */
export async function submitRegistration(values: RegistrationValues, navigate: (path: string) => void = goTo): Promise<RegistrationFeedback | null> {
  try {
    await registerIndividual(values);
  } catch (error) {
    return registrationFeedback(error);
  }
  navigate(individualPaths.complete);
  return null;
}
