import { z } from 'zod';
import {
  ORGANIZATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_MAX_LENGTH,
} from './limits';
import { accountMessages as m } from './messages';
import { cleanDisplayName, hasInvisibleOrControl, isEmailAddress } from './text-normalize';

/**
 * Account rules shared by the forms (react-hook-form) and the API (SPEC §5 corporate and account
 * steps, §9 password rules). The server enforces every rule the client checks.
 */

/** Addresses are compared and stored trimmed and in lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * NUL, other controls, bidi and zero-width characters are refused (not stripped) in addresses:
 * an address that looks like another must never become an account, and PostgreSQL cannot store NUL.
 */
export const emailSchema = z
  .string({ error: m.emailRequired })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, { error: m.emailRequired, abort: true })
      .refine((value) => !hasInvisibleOrControl(value), { error: m.emailInvalidCharacters, abort: true })
      .refine(isEmailAddress, { error: m.emailInvalid }),
  );

/** Checkboxes arrive as true, 1, '1', 'true' or 'on' (JSON or a plain form). */
export const agreement = (message: string) =>
  z.preprocess(
    (value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on',
    z.literal(true, { error: message }),
  );

/** SPEC §5: the password rules, first failing rule's message only. */
export function passwordProblem(password: string): string | null {
  if (password === '') return m.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return m.passwordTooShort;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return m.passwordNeedsLetterAndDigit;
  if (password.length > PASSWORD_MAX_LENGTH) return m.tooLong(PASSWORD_MAX_LENGTH);
  return null;
}

export const newPasswordSchema = z
  .string({ error: m.passwordRequired })
  .superRefine((value, context) => {
    const problem = passwordProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const organizationNameSchema = z
  .string({ error: m.organizationRequired })
  .transform(cleanDisplayName)
  .pipe(
    z
      .string()
      .min(1, { error: m.organizationRequired })
      .max(ORGANIZATION_NAME_MAX_LENGTH, { error: m.tooLong(ORGANIZATION_NAME_MAX_LENGTH) }),
  );

const userNameSchema = z
  .string({ error: m.nameRequired })
  .transform(cleanDisplayName)
  .pipe(z.string().min(1, { error: m.nameRequired }).max(USER_NAME_MAX_LENGTH, { error: m.tooLong(USER_NAME_MAX_LENGTH) }));

const tokenSchema = z.string({ error: m.tokenInvalid }).trim().min(1, { error: m.tokenInvalid }).max(200, { error: m.tokenInvalid });

const confirmationSchema = z.string({ error: m.passwordConfirmationRequired }).min(1, { error: m.passwordConfirmationRequired });

/** Adds SPEC §5's "must match" to a schema with password and password_confirmation. */
function withMatchingConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>>(schema: T) {
  return schema.superRefine((value, context) => {
    const { password, password_confirmation } = value as { password: string; password_confirmation: string };
    if (password_confirmation !== '' && password !== password_confirmation) {
      context.addIssue({ code: 'custom', path: ['password_confirmation'], message: m.passwordMismatch });
    }
  });
}

// Corporate registration (SPEC §7)
export const sendConfirmationSchema = z.object({
  email: emailSchema,
  terms_agreed: agreement(m.termsRequired),
  privacy_agreed: agreement(m.privacyRequired),
});
export type SendConfirmationInput = z.input<typeof sendConfirmationSchema>;

export const verifyEmailSchema = z.object({ token: tokenSchema });

export const completeRegistrationSchema = z.object({
  token: tokenSchema,
  organization_name: organizationNameSchema,
  password: newPasswordSchema,
});

/** The account-info step as the form sees it (the confirmation is checked in the browser only). */
export const accountStepSchema = withMatchingConfirmation(
  z.object({
    organization_name: organizationNameSchema,
    password: newPasswordSchema,
    password_confirmation: confirmationSchema,
  }),
);
export type AccountStepValues = z.input<typeof accountStepSchema>;

// Auth (SPEC §7)
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(PASSWORD_MAX_LENGTH * 4),
});
export type LoginValues = z.input<typeof loginSchema>;

export const profileSchema = z.object({
  name: userNameSchema,
  email: emailSchema,
});
export type ProfileValues = z.input<typeof profileSchema>;

export const passwordChangeSchema = withMatchingConfirmation(
  z.object({
    current_password: z.string({ error: m.currentPasswordRequired }).min(1, { error: m.currentPasswordRequired }),
    password: newPasswordSchema,
    password_confirmation: confirmationSchema,
  }),
);
export type PasswordChangeValues = z.input<typeof passwordChangeSchema>;

export const passwordEmailSchema = z.object({ email: emailSchema });

export const passwordResetSchema = withMatchingConfirmation(
  z.object({
    token: tokenSchema,
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: confirmationSchema,
  }),
);
export type PasswordResetValues = z.input<typeof passwordResetSchema>;

export const emailChangeVerifySchema = z.object({ token: tokenSchema });

/** Fields both direct registrations take (POST /api/auth/register/individual and /corporate). */
const directRegistrationShape = {
  name: userNameSchema.optional(),
  email: emailSchema,
  password: newPasswordSchema,
  password_confirmation: confirmationSchema,
  terms_agreed: agreement(m.termsRequired),
  privacy_agreed: agreement(m.privacyRequired),
};

export const registerIndividualSchema = withMatchingConfirmation(z.object(directRegistrationShape));

export const registerCorporateSchema = withMatchingConfirmation(
  z.object({ organization_name: organizationNameSchema, ...directRegistrationShape }),
);

// Answers (SPEC §3 auth session, registration response, dashboard stats, campaign summary). The
// server encodes its answers through these schemas and the client's types are inferred from them.
export const userRoleSchema = z.enum(['admin', 'member']);
export type UserRole = z.infer<typeof userRoleSchema>;

export const authUserSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Present for corporate users only; its absence marks an individual (SPEC §3). */
  tenant_id: z.number().optional().describe('Present for corporate users only'),
  role: userRoleSchema,
  /** A new address waiting for its confirmation link, if any. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authTenantSchema = z.object({ tenant_id: z.number(), company_name: z.string(), plan: z.string() });
export type AuthTenant = z.infer<typeof authTenantSchema>;

export const signedInUserSchema = z.object({ user: authUserSchema, tenant: authTenantSchema.nullable() });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

export const authSessionSchema = signedInUserSchema.extend({ token: z.string() });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const registrationResultSchema = z.object({
  tenant: authTenantSchema,
  user: authUserSchema,
  credentials: z.object({ email: z.string(), password: z.string() }),
  redirect_url: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

export const messageAnswerSchema = z.object({ message: z.string() });
export const profileAnswerSchema = signedInUserSchema.extend({ message: z.string() });
export const passwordChangeAnswerSchema = z.object({ token: z.string(), message: z.string() });
export const emailAnswerSchema = z.object({ email: z.string() });
export const emailChangeAnswerSchema = z.object({ email: z.string(), message: z.string() });

export const dashboardStatsSchema = z.object({ totalUsers: z.number(), emailsSent: z.number(), emailsOpened: z.number(), emailsClicked: z.number() });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const campaignSummarySchema = z.object({
  campaign_id: z.number(),
  campaign_name: z.string(),
  status: z.string(),
  total_targets: z.number(),
  emails_sent: z.number(),
  emails_opened: z.number(),
  emails_clicked: z.number(),
  created_at: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const dashboardDataSchema = z.object({
  tenant: authTenantSchema,
  stats: dashboardStatsSchema,
  recent_campaigns: z.array(campaignSummarySchema),
  /** Calendar month the monthly figures count (Asia/Tokyo), e.g. "2026-11". */
  month: z.string(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;
