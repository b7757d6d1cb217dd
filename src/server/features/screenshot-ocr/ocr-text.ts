/** Text rules shared by auto-fill and redaction, applied to OCR lines character by character. */

/**
 * Width folding and the phone pattern are the personal-data detectors' (src/common), so auto-fill,
 * redaction and the submit path read text the same way.
 */
export { foldWidth, isPhoneNumber, PHONE_PATTERN } from '../../../common/personal-data';

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
