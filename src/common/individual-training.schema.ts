import { z } from 'zod';
import { agreement, emailSchema } from './account.schema';
import { accountMessages, individualMessages } from './messages';

/**
 * Individual training (SPEC §1, §2.4, §7; issue 12): a person registers their own address and gets
 * a training mail about once a month. The contract shared by the registration page and the API.
 */

export const individualPaths = {
  /** The public registration page (host container `phishing-training-registration-app`). */
  registration: '/phishing-training',
  /** Where the page goes after a successful registration. */
  complete: '/registration/complete',
  /** POST /api/individual/register (JSON, CSRF header). */
  api: '/api/individual/register',
  /** The one-click unsubscribe page of one registration (GET: confirmation, POST: stop; RFC 8058). */
  unsubscribe: (token: string) => `/phishing-training/unsubscribe/${encodeURIComponent(token)}`,
} as const;

/** SPEC §3 registration form: email, terms_agreed and privacy_agreed (1/0). */
export const individualRegistrationSchema = z.object({
  email: emailSchema,
  terms_agreed: agreement(accountMessages.termsRequired),
  privacy_agreed: agreement(accountMessages.privacyRequired),
});
export type IndividualRegistrationInput = z.input<typeof individualRegistrationSchema>;

/** The fields a 422 names (shown under them); any other message goes in the general list. */
export const INDIVIDUAL_REGISTRATION_FIELDS = ['email', 'terms_agreed', 'privacy_agreed'] as const;
export type IndividualRegistrationField = (typeof INDIVIDUAL_REGISTRATION_FIELDS)[number];

/**
 * SPEC §7: `{ success, status, message }`. The same answer for a new address and for one already
 * registered, so the answer never tells who is registered.
 */
export const individualRegistrationAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('registered'),
  message: z.string(),
});
export type IndividualRegistrationAnswer = z.output<typeof individualRegistrationAnswerSchema>;

/** How often and when the mails come (the page's info box and the complete page say the same). */
export const INDIVIDUAL_SCHEDULE = {
  /** Tokyo business window of later mails: [startHour:00, endHour:00). */
  startHour: 9,
  endHour: 17,
  /** Two mails are never closer than this. */
  minGapDays: 21,
} as const;

export { individualMessages };
