import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  lastPageOf,
  listStateHref,
  listStateSearch,
  normalizeQuery,
  offsetOfPage,
  pageOfOffset,
  parseListState,
  similarReportsHref,
} from './list-url-state';

const REPORT_ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('list state in the URL', () => {
  it('reads the plain list from an empty query', () => {
    expect(parseListState('')).toEqual(DEFAULT_LIST_STATE);
    expect(parseListState('?')).toEqual({ page: 1, filter: 'all', q: '', similarTo: null });
  });

  it('reads page, filter, search and group', () => {
    expect(parseListState(`?page=3&receipt_method=sms&q=${encodeURIComponent('楽天 カード')}&similar_to=${REPORT_ID}`)).toEqual({
      page: 3,
      filter: 'sms',
      q: '楽天 カード',
      similarTo: REPORT_ID,
    });
    expect(parseListState('?receipt_method=email').filter).toBe('email');
  });

  it.each([
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=2.5', 1],
    ['?page=abc', 1],
    ['?page=01', 1],
    ['?page=99999999', 1],
    ['?page=12', 12],
  ])('falls back to page 1 for a malformed page (%s)', (search, page) => {
    expect(parseListState(search).page).toBe(page);
  });

  it('ignores an unknown filter and a malformed report id', () => {
    expect(parseListState('?receipt_method=fax').filter).toBe('all');
    expect(parseListState('?similar_to=short').similarTo).toBeNull();
    expect(parseListState('?similar_to=../../etc/passwd0000').similarTo).toBeNull();
  });

  it('trims the query, collapses its spaces and cuts it to the API limit', () => {
    expect(parseListState(`?q=${encodeURIComponent('  090-1234-5678 \u3000 楽天  ')}`).q).toBe('090-1234-5678 楽天');
    expect(parseListState('?q=%20%20').q).toBe('');
    expect(parseListState(`?q=${'あ'.repeat(150)}`).q).toBe('あ'.repeat(100));
    expect(normalizeQuery(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });

  it('writes defaults out of the URL, in a fixed order', () => {
    expect(listStateSearch(DEFAULT_LIST_STATE)).toBe('');
    expect(listStateSearch({ page: 1, filter: 'all', q: '  ', similarTo: null })).toBe('');
    expect(listStateSearch({ page: 2, filter: 'email', q: '楽天 カード', similarTo: REPORT_ID })).toBe(
      `?similar_to=${REPORT_ID}&q=%E6%A5%BD%E5%A4%A9+%E3%82%AB%E3%83%BC%E3%83%89&receipt_method=email&page=2`,
    );
  });

  it('reads back what it writes', () => {
    const states = [
      DEFAULT_LIST_STATE,
      { page: 4, filter: 'sms', q: '', similarTo: null },
      { page: 1, filter: 'all', q: '+81 90-1234-5678 & a=b?#x', similarTo: null },
      { page: 2, filter: 'email', q: 'ｱﾏｿﾞﾝ', similarTo: REPORT_ID },
    ] as const;
    for (const state of states) expect(parseListState(listStateSearch(state))).toEqual(state);
  });

  it('links land on the list section', () => {
    expect(listStateHref(DEFAULT_LIST_STATE)).toBe('/phishing-reports#report-list');
    expect(listStateHref({ page: 2, filter: 'all', q: '', similarTo: null })).toBe('/phishing-reports?page=2#report-list');
    expect(similarReportsHref(REPORT_ID)).toBe(`/phishing-reports?similar_to=${REPORT_ID}#report-list`);
  });

  it('converts between pages and offsets of 20', () => {
    expect(offsetOfPage(1)).toBe(0);
    expect(offsetOfPage(3)).toBe(40);
    expect(pageOfOffset(0)).toBe(1);
    expect(pageOfOffset(40)).toBe(3);
    expect(lastPageOf(0)).toBe(1);
    expect(lastPageOf(20)).toBe(1);
    expect(lastPageOf(21)).toBe(2);
  });
});
