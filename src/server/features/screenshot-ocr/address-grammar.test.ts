import { describe, expect, it } from 'vitest';
import { repairAddressText } from './address-repair';
import { withUrlGrammarMended } from './address-grammar';

describe('URL repairs that the grammar decides', () => {
  it('reads a 7 that breaks a number host or a port as the slash', () => {
    // The scheme's second slash read as a 7 (mended to 「http://」 by then); the slash after the host or the port.
    expect(repairAddressText('http:/7198.51.100.70:2083/jp')).toBe('http://198.51.100.70:2083/jp');
    expect(withUrlGrammarMended('さい。http://198.51.100.1077account?u=zZgcp期限')).toBe('さい。http://198.51.100.107/account?u=zZgcp期限');
    expect(withUrlGrammarMended('http://192.0.2.5:90907login')).toBe('http://192.0.2.5:9090/login');
    // A whole part or port stays: 「71.98」 is no 7 before a part, 「1.27」 and 「2577」 has no whole part without its 7, 「:8443」 is whole.
    // A port that runs straight into a word (a port ends at a slash, a ? or a #): its last 7 was the slash.
    expect(withUrlGrammarMended('http://z4k0.shop:20837update/confirm?q=1')).toBe('http://z4k0.shop:2083/update/confirm?q=1');
    expect(repairAddressText('https://x-net.co.jp-ii4s.cn:88887auth')).toBe('https://x-net.co.jp-ii4s.cn:8888/auth');
    for (const text of ['http://71.98.10.2/a', 'http://192.0.2.27/a', 'http://7.51.100.70/a', 'http://198.51.100.2577x', 'http://x.test:8443/a', 'http://x.test:44337', 'http://x.test:20837', 'http://x.test:20837/a', 'http://x.test:77a']) {
      expect(withUrlGrammarMended(text)).toBe(text);
    }
  });

  it('reads a comma between labels of a host as a dot, not in a path or after the host', () => {
    expect(withUrlGrammarMended('http://www.jp-bank,jp.2stmr.club/secure')).toBe('http://www.jp-bank.jp.2stmr.club/secure');
    expect(withUrlGrammarMended('http://x.test/a,b.c')).toBe('http://x.test/a,b.c');
    expect(withUrlGrammarMended('http://x.test, y.example')).toBe('http://x.test, y.example');
  });

  it('puts back the dot of a host that has none, before the one top-level domain it can end in', () => {
    expect(withUrlGrammarMended('りご確認ください。https://rrto/uCM2aR')).toBe('りご確認ください。https://rr.to/uCM2aR');
    // The scheme's second slash lost beside it.
    expect(repairAddressText('https:/dqiee/GqFyc')).toBe('https://dqi.ee/GqFyc');
    // A host that has its dot, one that ends in no top-level domain, or in two (「…om」 and 「…com」), or is cut at
    // the line's end (no path after it yet), stays.
    for (const text of ['https://rr.to/a', 'https://xqzv/a', 'https://examplecom/a', 'https://rrto', 'https://rrto.']) {
      expect(withUrlGrammarMended(text)).toBe(text);
    }
  });

  it('drops a kana between a key and its =, so the key repairs follow', () => {
    expect(repairAddressText('http://203.0.113.185:2083/verify7reに=kxFS9G5et')).toBe('http://203.0.113.185:2083/verify?ref=kxFS9G5et');
    expect(withUrlGrammarMended('https://x.shop/a?q=1&tに=5836')).toBe('https://x.shop/a?q=1&t=5836');
    // Not outside a URL, and not where the kana stands alone as the key.
    expect(withUrlGrammarMended('金額は=100円')).toBe('金額は=100円');
    expect(withUrlGrammarMended('https://x.shop/a?q=1&に=58')).toBe('https://x.shop/a?q=1&に=58');
  });
});
