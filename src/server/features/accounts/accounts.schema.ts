import { successEnvelope } from '../../../common/api-envelope';
import { z } from 'zod';
import {
  authSessionSchema,
  authUserSchema,
  emailAnswerSchema,
  emailChangeAnswerSchema,
  messageAnswerSchema,
  passwordChangeAnswerSchema,
  profileAnswerSchema,
  registrationResultSchema,
  signedInUserSchema,
} from '../../../common/account.schema';

/** Answer envelopes of the account routes, built from the shared answer schemas in src/common. */
export const messageResponseSchema = successEnvelope(messageAnswerSchema);
export const verifyEmailResponseSchema = successEnvelope(emailAnswerSchema);
export const registrationResponseSchema = successEnvelope(registrationResultSchema);
export const sessionResponseSchema = successEnvelope(authSessionSchema);
/** SPEC §7: an individual registration answers user and token (an individual has no tenant). */
export const individualSessionResponseSchema = successEnvelope(z.object({ user: authUserSchema, token: z.string() }));
export const currentUserResponseSchema = successEnvelope(signedInUserSchema);
export const profileResponseSchema = successEnvelope(profileAnswerSchema);
export const passwordChangeResponseSchema = successEnvelope(passwordChangeAnswerSchema);
export const emailChangeResponseSchema = successEnvelope(emailChangeAnswerSchema);
