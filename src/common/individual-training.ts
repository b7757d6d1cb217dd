/**
 * Individual training's constants without zod (the registration page's script imports these and
 * must not pull in the schema library; the schemas are in individual-training.schema.ts).
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

/** The fields a 422 names (shown under them); any other message goes in the general list. */
export const INDIVIDUAL_REGISTRATION_FIELDS = ['email', 'terms_agreed', 'privacy_agreed'] as const;
export type IndividualRegistrationField = (typeof INDIVIDUAL_REGISTRATION_FIELDS)[number];

/** How often and when the mails come (the page's info box and the complete page say the same). */
export const INDIVIDUAL_SCHEDULE = {
  /** Tokyo business window of later mails: [startHour:00, endHour:00). */
  startHour: 9,
  endHour: 17,
  /** Two mails are never closer than this. */
  minGapDays: 21,
} as const;
