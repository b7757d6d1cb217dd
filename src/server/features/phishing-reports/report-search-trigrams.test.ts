import { describe, expect, it } from 'vitest';
import { rarestTrigrams, type TrigramCounts, trigramKey, trigramsOf, withoutCommonWords } from './report-search-trigrams.repo';

/** Counts as a sample of `reports` reports would give them. */
const counts = (reports: number, byTrigram: Record<string, number>): TrigramCounts => ({
  reports,
  byTrigram: new Map(Object.entries(byTrigram).map(([trigram, count]) => [trigramKey(trigram), count])),
});
const everywhere = (word: string, reports: number) => Object.fromEntries(trigramsOf(word).map((trigram) => [trigram, reports]));

describe('trigramsOf', () => {
  it('counts by code point, as FTS5 does', () => {
    expect(trigramsOf('楽天カード')).toEqual(['楽天カ', '天カー', 'カード']);
    expect(trigramsOf('ab')).toEqual([]);
    expect(trigramsOf('a𠮷bc')).toEqual(['a𠮷b', '𠮷bc']);
  });
});

describe('trigramKey', () => {
  it('tells trigrams apart, whatever their order and characters', () => {
    const keys = ['abc', 'acb', 'bac', '楽天カ', '天カ楽', 'a𠮷b', '𠮷ab', 'ab𠮷', '090', '909', '-90', '09.'].map(trigramKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => Number.isInteger(key) && key >= 0 && key < 2 ** 30)).toBe(true);
  });
});

describe('rarestTrigrams (SQLite)', () => {
  it('looks a short term up whole', () => {
    expect(rarestTrigrams(counts(100, {}))('楽天カード')).toBeNull();
    expect(rarestTrigrams(counts(100, {}))('abcdef')).toBeNull();
  });

  it('picks the three rarest trigrams of a long term, the earlier first among equals', () => {
    const pick = rarestTrigrams(counts(100, { ...everywhere('example', 100), '909': 2, '-90': 3, 'y-9': 40, 'ko-': 70 }));
    expect(pick('kuroneko-delivery-909.example')).toEqual(['kur', 'uro', 'ron']);
    const known = rarestTrigrams(counts(100, { ...everywhere('kuroneko-delivery-', 70), ...everywhere('.example', 100), '9.e': 50, 'y-9': 40, '-90': 3, '909': 2, '09.': 1 }));
    expect(known('kuroneko-delivery-909.example')).toEqual(['09.', '909', '-90']);
  });
});

describe('withoutCommonWords (PostgreSQL)', () => {
  const pick = withoutCommonWords(counts(10, { ...everywhere('example', 10), ...everywhere('https', 6), ...everywhere('delivery', 3) }));

  it('keeps the pieces between words found in half the sample or more', () => {
    expect(pick('kuroneko-delivery-909.example')).toEqual(['kuroneko-delivery-909.']);
    expect(pick('https://kuroneko.example/a')).toEqual(['://kuroneko.']);
    expect(pick('example.kuroneko.example')).toEqual(['.kuroneko.']);
  });

  it('looks the whole term up when no word is common, or nothing else is left', () => {
    expect(pick('kuroneko-delivery-909')).toBeNull();
    expect(pick('https://example/')).toBeNull();
    expect(pick('example-90')).toBeNull();
    expect(pick('abcdef')).toBeNull();
  });
});
