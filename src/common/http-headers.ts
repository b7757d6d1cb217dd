/** Header and cookie names both sides agree on. Kept free of zod so the first-paint bundle stays small. */

/** Carries the visitor fingerprint so limits can count it before a body is read. */
export const FINGERPRINT_HEADER = 'x-fingerprint';
export const CSRF_HEADER = 'x-csrf-token';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
