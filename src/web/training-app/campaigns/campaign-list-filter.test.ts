import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../../../common/campaign-status';
import { readListFilter, STATUS_FILTER_ORDER, writeListFilter } from './campaign-list-filter';

describe('campaign list filter in the address', () => {
  it('reads status, search and page, ignoring values that mean nothing', () => {
    expect(readListFilter(new URLSearchParams('status=running&q=全社&page=3'))).toEqual({ status: 'running', q: '全社', page: 3 });
    expect(readListFilter(new URLSearchParams('status=deleted&page=-2'))).toEqual({ status: null, q: '', page: 1 });
    expect(readListFilter(new URLSearchParams('page=1.5'))).toEqual({ status: null, q: '', page: 1 });
  });

  it('starts again at the first page when the status or the search changes', () => {
    const current = { status: null, q: '', page: 4 };
    expect(writeListFilter(current, { status: 'draft' }).toString()).toBe('status=draft');
    expect(writeListFilter(current, { q: ' 12月 ' }).toString()).toBe(`q=${encodeURIComponent('12月')}`);
    expect(writeListFilter(current, { page: 5 }).toString()).toBe('page=5');
    expect(writeListFilter({ status: 'paused', q: 'x', page: 2 }, { status: null }).toString()).toBe('q=x');
  });

  it('has one button per status', () => {
    expect([...STATUS_FILTER_ORDER].sort()).toEqual([...CAMPAIGN_STATUSES].sort());
  });
});
