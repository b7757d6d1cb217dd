/** Business constants from SPEC §9 and the report caps of issue #2; one definition each. */
export const REPORT_LIST_PAGE_SIZE = 20;
export const REPORT_LIST_MAX_LIMIT = 100;
export const REPORT_LIST_TRUNCATE_AT = 25;

export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
/** Pixel cap that refuses decompression bombs; 40 MP is far above any phone screenshot. */
export const SCREENSHOT_MAX_PIXELS = 40_000_000;
/**
 * Longest side in pixels. The pixel cap alone let a 1 × 39,000,000 image through, whose decoding
 * and resizing took seconds per row-strip; a scrolling capture of a whole SMS thread (about
 * 1080 × 13,000) stays well below.
 */
export const SCREENSHOT_MAX_SIDE = 16_384;
/**
 * Longest side over shortest side. Phone screenshots are about 1:2, long scrolling captures 1:12 to
 * 1:15; a thread or a hairline of pixels is no screenshot.
 */
export const SCREENSHOT_MAX_ASPECT_RATIO = 40;
/**
 * Private, unredacted originals are kept this long for moderation and for improving training,
 * then deleted (the privacy policy states the same figure).
 */
export const SCREENSHOT_ORIGINAL_RETENTION_DAYS = 90;
export const SCREENSHOT_ACCEPT = 'image/jpeg,image/png,image/gif';

export const DELETE_PASSWORD_LENGTH = 4;
export const DELETE_MAX_WRONG_ATTEMPTS = 3;
export const DELETE_LOCK_MS = 24 * 60 * 60 * 1000;

/** Length caps on report text. An e-mail address cannot exceed 254 characters (RFC 5321). */
export const REPORT_TEXT_LIMITS = {
  source_info: 254,
  subject: 300,
  body: 10_000,
} as const;

export const RECEIPT_METHODS = ['email', 'sms'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];
/** Where a report's screenshot stands in public answers (publicReportSchema.screenshot_status). */
export const PUBLIC_SCREENSHOT_STATUSES = ['none', 'pending', 'published', 'failed'] as const;
export type PublicScreenshotStatus = (typeof PUBLIC_SCREENSHOT_STATUSES)[number];
/** A public report id (reportIdSchema); here too so pages can check one without loading zod. */
export const REPORT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

// Accounts (SPEC §9: password at least 8 characters, letters and digits)
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** A person's name; names are cleaned of controls and invisible characters first (text-normalize). */
export const USER_NAME_MAX_LENGTH = 50;
/** The confirmation link of corporate registration is single-use and lasts 24 hours. */
export const REGISTRATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * A directly registered account stays unconfirmed until its mailed link is opened; the link lasts
 * this long, and an unconfirmed account older than this no longer holds its address.
 */
export const EMAIL_CONFIRMATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** A sign-in lasts this long; logout or a password change ends it sooner. */
export const AUTH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Wrong passwords in a row that lock an account's sign-in, and for how long. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Wrong passwords older than this, with no attempt since, are forgotten: the count starts again. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Confirmation or reset mails one address may be sent per hour. */
export const ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR = 3;
/** SPEC §9: after an invalid or expired link, back to the register page after this delay. */
export const INVALID_TOKEN_REDIRECT_MS = 3000;
