import { z } from 'zod';
import { agreement, emailSchema } from './account.schema';
import { accountMessages, individualMessages } from './messages';

/**
 * Individual training (SPEC §1, §2.4, §7; issue 12): a person registers their own address and gets
 * a training mail about once a month. The contract shared by the registration page and the API.
 */

/** SPEC §3 registration form: email, terms_agreed and privacy_agreed (1/0). */
export const individualRegistrationSchema = z.object({
  email: emailSchema,
  terms_agreed: agreement(accountMessages.termsRequired),
  privacy_agreed: agreement(accountMessages.privacyRequired),
});
export type IndividualRegistrationInput = z.input<typeof individualRegistrationSchema>;

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

export { individualMessages };
export * from './individual-training';
