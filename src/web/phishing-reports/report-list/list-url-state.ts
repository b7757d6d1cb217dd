import { REPORT_ID_PATTERN, REPORT_LIST_PAGE_SIZE } from '../../../common/limits';
import type { ReportFilter } from '../api/report-api';
import { REPORT_LIST_PATH } from '../report-links';

/**
 * What the list on /phishing-reports shows, kept in the URL query so that the back button, a
 * reload and a shared link all bring back the same page (issue 13 part 4, search-api contract):
 * `page` (1-based, omitted for 1), `receipt_method` (omitted for all), `q`, `similar_to`.
 */
export type ListState = {
  page: number;
  filter: ReportFilter;
  q: string;
  similarTo: string | null;
};

/** The search API refuses longer queries; a longer one in a hand-edited URL is cut, not an error. */
export const SEARCH_MAX_LENGTH = 100;
/** A page number beyond any real list; larger values in the URL read as page 1. */
const MAX_PAGE = 1_000_000;
/** The id of the list section; header links and list links land on it. */
export const REPORT_LIST_ANCHOR = 'report-list';

export const DEFAULT_LIST_STATE: ListState = { page: 1, filter: 'all', q: '', similarTo: null };

/** Trims and collapses the whitespace of a typed query, within the API's length. */
export function normalizeQuery(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

/** Reads the state from `location.search`; anything malformed falls back to its default. */
export function parseListState(search: string): ListState {
  const params = new URLSearchParams(search);
  const pageText = params.get('page') ?? '';
  const page = /^[1-9][0-9]{0,6}$/.test(pageText) ? Number(pageText) : 1;
  const method = params.get('receipt_method');
  const similarTo = params.get('similar_to');
  return {
    page: page <= MAX_PAGE ? page : 1,
    filter: method === 'email' || method === 'sms' ? method : 'all',
    q: normalizeQuery(params.get('q') ?? ''),
    similarTo: similarTo !== null && REPORT_ID_PATTERN.test(similarTo) ? similarTo : null,
  };
}

/** The query string for a state ('' for the plain list), defaults left out, in a fixed order. */
export function listStateSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.similarTo) params.set('similar_to', state.similarTo);
  const q = normalizeQuery(state.q);
  if (q) params.set('q', q);
  if (state.filter !== 'all') params.set('receipt_method', state.filter);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A link to the list in that state, landing on the list itself. */
export function listStateHref(state: ListState): string {
  return `${REPORT_LIST_PATH}${listStateSearch(state)}#${REPORT_LIST_ANCHOR}`;
}

/** 「同様の報告」: the reports grouped with this one. */
export function similarReportsHref(reportId: string): string {
  return listStateHref({ ...DEFAULT_LIST_STATE, similarTo: reportId });
}

export const offsetOfPage = (page: number): number => (page - 1) * REPORT_LIST_PAGE_SIZE;

export const pageOfOffset = (offset: number): number => Math.floor(offset / REPORT_LIST_PAGE_SIZE) + 1;

/** The last page that holds any of `total` reports (1 when there are none). */
export const lastPageOf = (total: number): number => Math.max(1, Math.ceil(total / REPORT_LIST_PAGE_SIZE));

export const isNarrowed = (state: ListState): boolean => state.filter !== 'all' || state.q !== '' || state.similarTo !== null;
