/** Business constants from SPEC §9 and the report caps of issue #2; one definition each. */
export const REPORT_LIST_PAGE_SIZE = 20;
export const REPORT_LIST_MAX_LIMIT = 100;
export const REPORT_LIST_TRUNCATE_AT = 25;

export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
/** Pixel cap that refuses decompression bombs; 40 MP is far above any phone screenshot. */
export const SCREENSHOT_MAX_PIXELS = 40_000_000;
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
