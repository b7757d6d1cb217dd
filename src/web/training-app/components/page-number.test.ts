import { describe, expect, it } from 'vitest';
import { lastPage, pageOfOffset } from './page-number';

describe('pageOfOffset', () => {
  it('counts pages from 1 and changes page at each multiple of the page size', () => {
    expect(pageOfOffset(0, 20)).toBe(1);
    expect(pageOfOffset(19, 20)).toBe(1);
    expect(pageOfOffset(20, 20)).toBe(2);
    expect(pageOfOffset(45, 20)).toBe(3);
  });
});

describe('lastPage', () => {
  it('is the page holding the last row', () => {
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
    expect(lastPage(59, 20)).toBe(3);
  });

  it('is the first page for an empty list', () => {
    expect(lastPage(0, 20)).toBe(1);
  });
});
