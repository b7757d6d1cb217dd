import { splitRegistrationErrors, type SplitRegistrationErrors } from '../../../common/individual-registration-form';
import { accountMessages, commonMessages, individualMessages } from '../../../common/messages';
import { ApiError } from '../../lib/api-client';

/** What the form shows: messages under the fields, the rest in the general list under 「エラーが発生しました」. */
export type RegistrationFeedback = SplitRegistrationErrors;

export const NO_FEEDBACK: RegistrationFeedback = { fields: {}, general: [] };

/**
 * SPEC §5 individual form and §8: a 422 puts each field's messages under it and any other key in
 * the general list, with the answer's message when it names no field; any other refusal shows
 * the server's message; no answer at all is the network error.
 */
export function registrationFeedback(error: unknown): RegistrationFeedback {
  if (!(error instanceof ApiError) || error.status === 0) return { fields: {}, general: [individualMessages.networkError] };
  if (error.status === 422) {
    const split = splitRegistrationErrors(error.fieldErrors);
    if (Object.keys(error.fieldErrors).length === 0) split.general.push(error.serverMessage ?? commonMessages.validationFailed);
    return split;
  }
  const fallback = error.status === 429 ? commonMessages.rateLimited : accountMessages.registrationFailed;
  return { fields: {}, general: [error.serverMessage ?? fallback] };
}
