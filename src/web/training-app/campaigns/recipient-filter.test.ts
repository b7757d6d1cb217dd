import { describe, expect, it } from 'vitest';
import { recipientQuery } from './campaign-results-api';
import { mergeRecipientFilter, readRecipientFilter, writeRecipientFilter } from './recipient-filter';

describe('recipient filter in the address', () => {
  it('reads a full filter and ignores what it does not know', () => {
    expect(readRecipientFilter(new URLSearchParams('status=clicked&q=山田&group=7&page=3'))).toEqual({ status: 'clicked', q: '山田', groupId: 7, page: 3 });
    expect(readRecipientFilter(new URLSearchParams('status=archived&group=-1&page=0'))).toEqual({ status: null, q: '', groupId: null, page: 1 });
  });

  it('writes only what differs from the default', () => {
    expect(writeRecipientFilter({ status: null, q: '', groupId: null, page: 1 }).toString()).toBe('');
    expect(writeRecipientFilter({ status: 'submitted', q: 'sato', groupId: 2, page: 4 }).toString()).toBe('status=submitted&q=sato&group=2&page=4');
  });

  it('goes back to the first page when the status, search or group changes, not when only the page does', () => {
    const current = { status: null, q: '', groupId: null, page: 5 };
    expect(mergeRecipientFilter(current, { status: 'opened' }).page).toBe(1);
    expect(mergeRecipientFilter(current, { q: 'a' }).page).toBe(1);
    expect(mergeRecipientFilter(current, { groupId: 3 }).page).toBe(1);
    expect(mergeRecipientFilter(current, { page: 6 }).page).toBe(6);
  });
});

describe('recipientQuery', () => {
  it('asks the server for one page of 50 and only the filters in use', () => {
    expect(recipientQuery({ status: null, q: '  ', groupId: null, page: 1 }).toString()).toBe('limit=50&offset=0');
    expect(recipientQuery({ status: 'failed', q: ' 営業 ', groupId: 9, page: 3 }).toString()).toBe(
      `limit=50&offset=100&status=failed&q=${encodeURIComponent('営業')}&group_id=9`,
    );
  });
});
