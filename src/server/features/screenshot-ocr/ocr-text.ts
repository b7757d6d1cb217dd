/** Text rules shared by auto-fill and redaction, applied to OCR lines character by character. */

/** Full-width ASCII to half-width, one character for one, so character boxes stay aligned. */
export function foldWidth(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else if (char === '：') out += ':';
    else out += char;
  }
  return out;
}

/** URL characters, less brackets and quotes, which surround addresses far more often than they occur in them. */
const URL_CHAR = /[A-Za-z0-9\-._~:/?#@!$&*+,;=%]/;
const isUrlChar = (char: string | undefined) => char !== undefined && URL_CHAR.test(char);
export const isCjk = (char: string | undefined) => char !== undefined && /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f々〆ヵヶ]/.test(char);

/** A span [start, end) of a line's text. */
export interface Span {
  start: number;
  end: number;
}

/** Maximal runs of characters that could belong to an address, URL or number. */
export function asciiRuns(text: string): Span[] {
  const runs: Span[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inside = i < text.length && isUrlChar(text[i]);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      runs.push({ start, end: i });
      start = -1;
    }
  }
  return runs;
}

const DOMAIN = /[a-z0-9-]\.[a-z]{2,}/i;
const SCHEME = /^(h?t?tps?|hxxps?)[:;]?\/|^www\./i;

/** Could this run be (part of) a URL or e-mail address? Deliberately generous. */
export function looksLikeAddress(run: string): boolean {
  if (run.length < 4) return false;
  if (SCHEME.test(run) || run.includes('@') || run.includes('://')) return true;
  if (DOMAIN.test(run)) return true;
  // A path or query fragment such as "/redeliv/?c=" or a random token such as "Hq83Tm2x".
  if (/[/?=&]/.test(run) && /[A-Za-z]/.test(run)) return true;
  return /[A-Za-z]/.test(run) && /\d/.test(run) && run.length >= 6 && !/^\d{1,4}[/:.-]\d{1,2}/.test(run) && !/\d{1,2}:\d{2}/.test(run);
}

const DIGIT_SEPARATORS = /[\s\-‐－ー−.()]/g;

/** Telephone numbers: 10–11 digit domestic numbers, +81 numbers, 0120/0570 numbers. */
export const PHONE_PATTERN = /(?:\+\s?81[\s\-‐－ー−]?\(?0?\)?\s?|\b0)\d{1,4}[\s\-‐－ー−.()]{0,2}\d{1,4}[\s\-‐－ー−.()]{0,2}\d{3,4}(?!\d)/g;

function digitsOf(text: string): string {
  return text.replace(DIGIT_SEPARATORS, '').replace(/[^\d+]/g, '');
}

export function isPhoneNumber(candidate: string): boolean {
  const digits = digitsOf(candidate);
  if (digits.startsWith('+81')) return digits.length >= 11 && digits.length <= 13;
  return digits.startsWith('0') && digits.length >= 10 && digits.length <= 11;
}
