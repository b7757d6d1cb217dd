/** Text clean-up rules shared by the form (as the visitor types) and the API (as the truth). */

const FULL_WIDTH_DIGIT = /[０-９]/g;

export function toAsciiDigits(value: string): string {
  return value.replace(FULL_WIDTH_DIGIT, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

/** The delete-password input keeps digits only, converted to ASCII, at most 4 (SPEC §5). */
export function filterDeletePasswordInput(value: string): string {
  return toAsciiDigits(value).replace(/[^0-9]/g, '').slice(0, 4);
}

// Keeps tab and newline; drops other C0/C1 controls, DEL, and bidi overrides that can
// disguise a URL's real direction.
// eslint-disable-next-line no-control-regex
const UNSAFE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function stripControlCharacters(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNSAFE_CONTROL, '');
}

/** Single-line fields lose line breaks and tabs too. */
export function cleanSingleLine(value: string): string {
  return stripControlCharacters(value).replace(/[\n\t]+/g, ' ').trim();
}

export function cleanMultiLine(value: string): string {
  return stripControlCharacters(value).trim();
}

/*
 * Account names and organisation names are shown in mails and pages: they lose line breaks
 * (including NEL and the Unicode line/paragraph separators), C0/C1 controls, bidi embeddings,
 * overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/F, U+061C) and invisible
 * characters (zero-width space/joiners, word joiner, BOM, soft hyphen), which could break a
 * mail apart, reverse how a URL reads or hide text.
 */
const NAME_LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const INVISIBLE_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The one clean-up of names and organisation names: one line, nothing invisible, trimmed. */
export function cleanDisplayName(value: string): string {
  return value.replace(NAME_LINE_BREAKS, ' ').replace(INVISIBLE_OR_CONTROL, '').trim();
}

/** True when a value holds a control, bidi or invisible character (refused in e-mail addresses). */
export function hasInvisibleOrControl(value: string): boolean {
  return ONE_INVISIBLE_OR_CONTROL.test(value);
}
// Without the g flag, so test() keeps no state between calls.
const ONE_INVISIBLE_OR_CONTROL = new RegExp(INVISIBLE_OR_CONTROL.source);

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * Normalises an SMS sender number for storage and display: full-width to ASCII, spaces,
 * dots and brackets dropped, +81 (with or without a following 0) to the domestic leading 0.
 * Returns null when what is left is not a plausible phone number or short code.
 */
export function normalizePhoneNumber(value: string): string | null {
  let phone = toAsciiDigits(value.normalize('NFKC'))
    .replace(/[\s.()（）]/g, '')
    .replace(/[‐‑‒–—―−ー]/g, '-');
  if (phone.startsWith('+81')) {
    phone = phone.slice(3).replace(/^-/, '');
    phone = phone.startsWith('0') ? phone : `0${phone}`;
  } else if (phone.startsWith('+')) {
    // Other country codes are kept as they are written.
    if (!/^\+[0-9][0-9-]{5,18}[0-9]$/.test(phone)) return null;
    return phone;
  }
  if (!/^[0-9][0-9-]*[0-9]$/.test(phone)) return null;
  const digits = phone.replace(/-/g, '').length;
  if (digits < 3 || digits > 15) return null;
  return phone;
}

export function truncateForList(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  const chars = Array.from(value.replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return null;
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}
