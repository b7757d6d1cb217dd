/**
 * The stored search text and group key of a report, and the terms of a search, all normalised the
 * same way so that what a visitor types finds what a reporter typed: NFKC (full-width and
 * half-width alike), lower case, defanged URLs undone, and phone numbers written with hyphens,
 * spaces or +81 reduced to their domestic digits (09012345678).
 *
 * The migration 20261127100000_report_search_and_moderation backfilled existing reports with a
 * frozen copy of these rules; report-search-migration.test.ts checks that both still agree. A change
 * here that alters stored values needs a new migration that rewrites them.
 */

const DASH_BETWEEN_DIGITS = /(?<=\d)[‐‑‒–—―−ー](?=\d)/g;
/** +81 (optionally followed by the trunk 0) before a number: the domestic leading 0. */
const COUNTRY_CODE = /\+81[\s-]*(?:\(0\)|0)?(?=\d)/g;
/** Digit groups joined by single hyphens or spaces ("090-1234-5678", "03 1234 5678", "2026-11-27"). */
const DIGIT_GROUPS = /(?<!\d)\d{1,6}(?:[ -]\d{1,6}){1,4}(?!\d)/g;
const DOMESTIC_PHONE = /^0\d{9,10}$/;

/** Collapses phone-like runs: a domestic number loses its spaces and hyphens, any other run its hyphens. */
function collapsePhoneNumbers(text: string): string {
  return text
    .replace(DASH_BETWEEN_DIGITS, '-')
    .replace(COUNTRY_CODE, '0')
    .replace(DIGIT_GROUPS, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return DOMESTIC_PHONE.test(digits) ? digits : run.replace(/-/g, '');
    });
}

/** hxxps://example[.]com → https://example.com, so a defanged report is found by its real URL. */
function undoDefang(text: string): string {
  return text.replace(/\[\.\]|\(\.\)|\[dot\]/gi, '.').replace(/\bhxxp/g, 'http').replace(/\bfxp/g, 'ftp');
}

/** The one normalisation of stored text and of queries. */
export function normalizeForSearch(text: string): string {
  return collapsePhoneNumbers(undoDefang(text.normalize('NFKC').toLowerCase()));
}

export interface SearchableReport {
  subject: string | null;
  body: string;
  source_email: string | null;
  phone_number: string | null;
}

/** What the search indexes (trigram) look at: subject, body, sender address and number. */
export function reportSearchText(report: SearchableReport): string {
  return [report.subject, report.body, report.source_email, report.phone_number]
    .filter((part): part is string => part !== null && part !== '')
    .map(normalizeForSearch)
    .join('\n');
}

/** A URL with a scheme, a www. host, or a bare host followed by a path (as url-defang.ts sees links). */
const FIRST_URL_HOST =
  /\b(?:https?|ftps?):\/\/([^\s/?#\\<>"'()（）「」【】]+)|(?<![\w.@/-])(www\.[^\s/?#\\<>"'()（）「」【】]+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?=\/))/;

function urlHost(body: string): string | null {
  const match = FIRST_URL_HOST.exec(undoDefang(body.normalize('NFKC').toLowerCase()));
  if (!match) return null;
  const host = (match[1] ?? match[2] ?? '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.+$/, '')
    .replace(/^www\./, '');
  return host === '' ? null : host;
}

/**
 * Reports from the same sender number, else the same sender address, else the same host of the
 * first URL in the body, are "similar" (the contract's grouping). Prefixed so the three kinds never
 * collide; null: the report is in no group.
 */
export function reportGroupKey(report: Pick<SearchableReport, 'body' | 'source_email' | 'phone_number'>): string | null {
  const phone = report.phone_number ? normalizeForSearch(report.phone_number).replace(/[^0-9+]/g, '') : '';
  if (phone !== '') return `tel:${phone}`;
  const email = report.source_email ? report.source_email.normalize('NFKC').trim().toLowerCase() : '';
  if (email !== '') return `mail:${email}`;
  const host = urlHost(report.body);
  return host ? `host:${host}` : null;
}

/** The words of a query, normalised as stored text is; every one must match. Duplicates dropped. */
export function searchTerms(query: string): string[] {
  return [...new Set(normalizeForSearch(query).split(/\s+/).filter((term) => term !== ''))];
}
