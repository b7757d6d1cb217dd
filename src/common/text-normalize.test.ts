import { describe, expect, it } from 'vitest';
import {
  cleanDisplayName,
  cleanMultiLine,
  cleanSingleLine,
  filterDeletePasswordInput,
  hasInvisibleOrControl,
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

describe('names and organisation names (issue 9)', () => {
  it.each([
    ['line breaks of every kind become one space', '株式会社\r\nキヅキ\u2028商事\u0085本社', '株式会社 キヅキ 商事 本社'],
    ['NUL and other C0/C1 controls go', 'A\u0000B\u0007C\u009BD', 'ABCD'],
    ['bidi embeddings, overrides, isolates and marks go', '\u202Eexe.pdf\u202C \u2066x\u2069\u200E\u200F\u061C', 'exe.pdf x'],
    ['zero-width characters, word joiner, BOM and soft hyphen go', 'ゼ\u200Bロ\u200C幅\u200D\u2060\uFEFF\u00AD', 'ゼロ幅'],
    ['spaces at the ends are trimmed, ideographic spaces inside are kept', '  山田\u3000太郎  ', '山田\u3000太郎'],
  ])('%s', (_rule, input, expected) => {
    expect(cleanDisplayName(input)).toBe(expected);
  });

  it('finds controls and invisible characters, and nothing in ordinary text', () => {
    for (const value of ['a\u0000b@example.com', 'a\u200Bb@example.com', 'x\u202E@example.com', '\uFEFFa@example.com']) expect(hasInvisibleOrControl(value)).toBe(true);
    for (const value of ['a.b+c@example.co.jp', '山田 太郎', 'ユーザー@例え.jp']) expect(hasInvisibleOrControl(value)).toBe(false);
  });
});
