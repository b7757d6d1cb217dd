import { describe, expect, it } from 'vitest';
import { repairAddressText } from './address-repair';
import { withPercentEncodingMended } from './address-percent';

describe('percent-encoded query values as OCR reads them', () => {
  it('reads a % read as 9, 96, 90, o, or twice (「9%」「%%」「o%」「0%」) back as a %', () => {
    expect(withPercentEncodingMended('http://x.buzz/?q=9%E69%9C%AC%E4%BA%BA%E79%A29%BA%%E8%AA%8D&token=yVvy')).toBe('http://x.buzz/?q=%E6%9C%AC%E4%BA%BA%E7%A2%BA%E8%AA%8D&token=yVvy');
    expect(withPercentEncodingMended('http://x.test/a?q=96E6%9C%AC%E4%BA%BA&sid=nWD')).toBe('http://x.test/a?q=%E6%9C%AC%E4%BA%BA&sid=nWD');
    expect(withPercentEncodingMended('http://192.0.2.1/?q=%E490BC%9A%E5%93%A1ご利用')).toBe('http://192.0.2.1/?q=%E4%BC%9A%E5%93%A1ご利用');
    expect(withPercentEncodingMended('https://x.net/jp/web?q=%E3%83%AD%E3%820%A49%6E3%83%B3')).toBe('https://x.net/jp/web?q=%E3%83%AD%E3%82%A4%E3%83%B3');
    expect(withPercentEncodingMended('https://x.icu:8080/auth?q=%E49%BC%9Ao%E5%939%A1')).toBe('https://x.icu:8080/auth?q=%E4%BC%9A%E5%93%A1');
    // Read as 「9%6」 and as 「096」 (a 0 before the 9).
    expect(withPercentEncodingMended('https://x.icu:8888/?q=9%6E3%83%AD%E3%82%B0%E39%82096A4%E3%83%B3')).toBe('https://x.icu:8888/?q=%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3');
  });

  it('reads a zero of a byte read as O, or as O and 0, back as 0', () => {
    expect(withPercentEncodingMended('https://x.icu/?q=%E6%83%85%E5%AO0%B1')).toBe('https://x.icu/?q=%E6%83%85%E5%A0%B1');
    expect(withPercentEncodingMended('https://x.icu/?q=%E6%83%85%E5%AO%B1')).toBe('https://x.icu/?q=%E6%83%85%E5%A0%B1');
  });

  it('puts back a % lost between two whole characters, before the next lead byte, or inside a character', () => {
    expect(withPercentEncodingMended('http://x.buzz/?q=%E4%BC%9AE5%93%A1注文')).toBe('http://x.buzz/?q=%E4%BC%9A%E5%93%A1注文');
    // 「%E6949%AF」: the % before the continuation byte 94 lost, the next read as 9%.
    expect(withPercentEncodingMended('http://x.net/?q=%E3%81%8A%E6949%AF9E6%89%95%E3%81%84')).toBe('http://x.net/?q=%E3%81%8A%E6%94%AF%E6%89%95%E3%81%84');
  });

  it('leaves values that read as no whole UTF-8 text, or in more than one way', () => {
    // Cut where the line ends, a letter inside, a lost key, no % at all, a single character, not in a URL.
    for (const text of [
      'https://x.test/a?q=%E5%86%8D%E9%',
      'https://x.test/a?q=%E5%86%8D9%E9%85%8Dx',
      'https://x.test/a?q=%E5%86%8d=vL79ND',
      'https://x.test/a?id=9E69C9AC9E49BA9BA',
      'https://x.test/a?q=9%E69%9C%AC',
      'q=9%E69%9C%AC%E4%BA%BA',
      'https://x.test/a?token=A9%8D0E3%81%8A',
    ]) expect(withPercentEncodingMended(text)).toBe(text);
    // Valid hex that is no UTF-8 (a continuation byte where a lead byte must stand).
    expect(withPercentEncodingMended('https://x.test/a?q=9%8A%E6%9C%AC%E4%BA')).toBe('https://x.test/a?q=9%8A%E6%9C%AC%E4%BA');
  });

  it('mends only the joined message, not a line whose value may go on below', () => {
    expect(repairAddressText('https://x.test/a?q=9%E69%9C%AC%E4%BA%BA', { lineMayWrap: true })).toBe('https://x.test/a?q=9%E69%9C%AC%E4%BA%BA');
    expect(repairAddressText('https://x.test/a7q=9%E69%9C%AC%E4%BA%BA&id=k')).toBe('https://x.test/a?q=%E6%9C%AC%E4%BA%BA&id=k');
  });
});
