import { describe, expect, it } from 'vitest';
import { dateLabel, mailsText, peopleText, shortDate } from './billing-api';

describe('billing figures as text', () => {
  it('writes dates the Japanese way, long and short', () => {
    expect(dateLabel('2026-11-01')).toBe('2026年11月1日');
    expect(dateLabel(null)).toBe('—');
    expect(shortDate('2026-11-30')).toBe('2026/11/30');
    expect(shortDate('')).toBe('—');
  });

  it('writes use against a limit, without one, and an unknown count', () => {
    expect(peopleText(12, 50)).toBe('12 / 50名');
    expect(peopleText(1200, null)).toBe('1,200名');
    expect(peopleText(null, 50)).toBe('記録なし');
    expect(mailsText(1500, 1500)).toBe('1,500 / 1,500通');
    expect(mailsText(3, null)).toBe('3通');
  });
});
