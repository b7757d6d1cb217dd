import { describe, expect, it } from 'vitest';
import { exportFileName, usageText } from './people-api';

describe('plan usage text', () => {
  it('shows registered of the cap, as 「8 / 10名」', () => {
    expect(usageText(8, 10)).toBe('8 / 10名');
    expect(usageText(0, 10)).toBe('0 / 10名');
  });

  it('shows the count alone on a plan without a cap', () => {
    expect(usageText(1234, null)).toBe('1234名');
  });
});

describe('export file name', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    const header = `attachment; filename="users.csv"; filename*=UTF-8''${encodeURIComponent('受講者一覧_20261126.csv')}`;
    expect(exportFileName(header)).toBe('受講者一覧_20261126.csv');
  });

  it('falls back to the plain name, then to a dated default', () => {
    expect(exportFileName('attachment; filename="kizuki-users.csv"')).toBe('kizuki-users.csv');
    expect(exportFileName("attachment; filename*=UTF-8''%E0%A4%A; filename=plain.csv")).toBe('plain.csv');
    expect(exportFileName(null, new Date(2026, 10, 5))).toBe('users-20261105.csv');
  });
});
