import { describe, expect, it } from 'vitest';
import {
  cleanMultiLine,
  cleanSingleLine,
  filterDeletePasswordInput,
  isEmailAddress,
  normalizePhoneNumber,
  toAsciiDigits,
  truncateForList,
} from './text-normalize';

describe('text normalisation', () => {
  it('converts full-width digits', () => {
    expect(toAsciiDigits('０１２３４５６７８９')).toBe('0123456789');
  });

  it('filters the delete-password input to 4 ASCII digits', () => {
    expect(filterDeletePasswordInput('１2a３-4５')).toBe('1234');
    expect(filterDeletePasswordInput('abc')).toBe('');
  });

  it('removes control and bidi characters but keeps line breaks in bodies', () => {
    expect(cleanMultiLine(' a\u0000b\r\nc\u202Ed\t ')).toBe('ab\ncd');
    expect(cleanSingleLine('件名\n続き\t')).toBe('件名 続き');
  });

  it.each([
    ['090-1234-5678', '090-1234-5678'],
    ['+81 90 1234 5678', '09012345678'],
    ['+81-90-1234-5678', '090-1234-5678'],
    ['+81 (0)90-1234-5678', '090-1234-5678'],
    ['０８０ー１２３４ー５６７８', '080-1234-5678'],
    ['0120-123-456', '0120-123-456'],
    ['15550', '15550'],
    ['+1 415 555 0100', '+14155550100'],
  ])('normalises %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each(['', 'abc', '12', '--', '090-', '1234567890123456'])('rejects %j as a phone number', (input) => {
    expect(normalizePhoneNumber(input)).toBeNull();
  });

  it('recognises e-mail addresses', () => {
    expect(isEmailAddress('info@example.co.jp')).toBe(true);
    expect(isEmailAddress('no-at-sign.example')).toBe(false);
    expect(isEmailAddress('a@b')).toBe(false);
  });

  it('truncates list text to 25 characters with an ellipsis, counting characters not bytes', () => {
    expect(truncateForList('あ'.repeat(25), 25)).toBe('あ'.repeat(25));
    expect(truncateForList('あ'.repeat(26), 25)).toBe(`${'あ'.repeat(25)}…`);
    expect(truncateForList('😀'.repeat(30), 25)).toBe(`${'😀'.repeat(25)}…`);
    expect(truncateForList('  ', 25)).toBeNull();
    expect(truncateForList(null, 25)).toBeNull();
  });
});
