import { describe, expect, it } from 'vitest';
import { formatDayKey, formatSendTime, isoToJapanLocal, japanLocalOf, japanLocalToIso } from './campaign-time';

describe('datetime-local inputs read as Japan time', () => {
  it('adds the +09:00 offset to what the administrator typed', () => {
    expect(japanLocalToIso('2026-11-27T09:00')).toBe('2026-11-27T09:00:00+09:00');
    expect(Date.parse(japanLocalToIso('2026-11-27T09:00') ?? '')).toBe(Date.parse('2026-11-27T00:00:00Z'));
  });

  it('refuses what is not a real date and time', () => {
    expect(japanLocalToIso('')).toBeNull();
    expect(japanLocalToIso('2026-02-30T09:00')).toBeNull();
    expect(japanLocalToIso('2026-11-27T24:00')).toBeNull();
    expect(japanLocalToIso('2026-11-27 09:00')).toBeNull();
    expect(japanLocalToIso('明日の朝')).toBeNull();
  });

  it('shows a saved instant in Japan time, whatever zone it was written in', () => {
    expect(isoToJapanLocal('2026-11-27T00:00:00Z')).toBe('2026-11-27T09:00');
    expect(isoToJapanLocal('2026-11-26T20:30:00-05:00')).toBe('2026-11-27T10:30');
    expect(isoToJapanLocal(null)).toBe('');
    expect(isoToJapanLocal('not a date')).toBe('');
    expect(japanLocalOf(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01T00:00');
  });

  it('round-trips an input value through the API form', () => {
    const typed = '2027-01-04T17:45';
    expect(isoToJapanLocal(japanLocalToIso(typed))).toBe(typed);
  });
});

describe('send times in Japanese', () => {
  it('gives the date, the weekday and the time to the minute in Tokyo', () => {
    expect(formatSendTime('2026-11-27T00:05:00Z')).toBe('2026年11月27日（金） 09:05');
    expect(formatSendTime(new Date('2026-11-28T15:00:00Z'))).toBe('2026年11月29日（日） 00:00');
  });

  it('labels a planner day key with its weekday', () => {
    expect(formatDayKey('2026-11-27')).toBe('11月27日（金）');
    expect(formatDayKey('2027-01-01')).toBe('1月1日（金）');
  });
});
