import { describe, expect, it } from 'vitest';
import { normalizeForSearch, reportGroupKey, reportSearchText, searchTerms } from './report-search-text';

const report = (fields: Partial<{ subject: string | null; body: string; source_email: string | null; phone_number: string | null }>) => ({
  subject: null,
  body: '',
  source_email: null,
  phone_number: null,
  ...fields,
});

describe('normalizeForSearch', () => {
  it('folds width and case, and undoes defanged URLs', () => {
    expect(normalizeForSearch('ＡＭＡＺＯＮ　ｱｶｳﾝﾄ')).toBe('amazon アカウント');
    expect(normalizeForSearch('hxxps://Example[.]com/a (.) b')).toBe('https://example.com/a . b');
  });

  it('writes a domestic phone number as its digits, however it was written', () => {
    for (const written of ['09012345678', '090-1234-5678', '０９０－１２３４－５６７８', '+81 90-1234-5678', '+81-90-1234-5678', '+8190 1234 5678', '090 1234 5678', '090ー1234ー5678']) {
      expect(normalizeForSearch(`電話 ${written} まで`), written).toBe('電話 09012345678 まで');
    }
    expect(normalizeForSearch('0120-123-456')).toBe('0120123456');
  });

  it('keeps separate numbers apart, and only drops the hyphens of other digit runs', () => {
    expect(normalizeForSearch('5678 1234')).toBe('5678 1234');
    expect(normalizeForSearch('1234-5678')).toBe('12345678');
    expect(normalizeForSearch('090-1234-5678 2026')).toBe('09012345678 2026');
  });
});

describe('searchTerms', () => {
  it('splits on any space into distinct normalised words', () => {
    expect(searchTerms(' 楽天　カード  楽天 ')).toEqual(['楽天', 'カード']);
    expect(searchTerms('+81 90-1234-5678 再配達')).toEqual(['09012345678', '再配達']);
  });
});

describe('reportSearchText', () => {
  it('holds the subject, body, address and number', () => {
    expect(reportSearchText(report({ subject: '件名', body: '本文', source_email: 'A@B.example', phone_number: '090-1234-5678' }))).toBe('件名\n本文\na@b.example\n09012345678');
  });
});

describe('reportGroupKey', () => {
  it('prefers the phone number, then the address, then the first URL host', () => {
    const body = 'こちら https://www.Sagawa-Exp.example:8443/a から。http://other.example';
    expect(reportGroupKey(report({ phone_number: '+81 90-1234-5678', source_email: 'a@b.example', body }))).toBe('tel:09012345678');
    expect(reportGroupKey(report({ source_email: ' No-Reply@Amaz0n.Example ', body }))).toBe('mail:no-reply@amaz0n.example');
    expect(reportGroupKey(report({ body }))).toBe('host:sagawa-exp.example');
  });

  it('reads a defanged, a bare or a www. host', () => {
    expect(reportGroupKey(report({ body: '詳細 hxxps://user@Rakuten-Check[.]example/x' }))).toBe('host:rakuten-check.example');
    expect(reportGroupKey(report({ body: '再配達は sagawa-kyubin.example/redeliv から' }))).toBe('host:sagawa-kyubin.example');
    expect(reportGroupKey(report({ body: '詳細は www.ｐｒｉｍｅ.example で' }))).toBe('host:prime.example');
  });

  it('is null without a number, address or URL', () => {
    expect(reportGroupKey(report({ body: 'Amazon.co.jp からのお知らせ' }))).toBeNull();
  });
});
