import { describe, expect, it } from 'vitest';
import { repairAddressText } from './address-repair';

describe('query repairs where a fragment follows the value', () => {
  it('ends a value at a # as at an & or the URL\'s end', () => {
    // 「&ref=」 read as 「&re」 (the f and = lost), the value then running to the fragment.
    expect(repairAddressText('http://192.0.2.24:8443/login/jp?q=1&retAZWBV74hWK2Zwx#form')).toBe('http://192.0.2.24:8443/login/jp?q=1&ref=tAZWBV74hWK2Zwx#form');
    expect(repairAddressText('https://a.example/?id=12&tokenほAb3x#top')).toBe('https://a.example/?id=12&token=Ab3x#top');
    // The = alone read as an E after a whole usual key; a value ends at a closing bracket too.
    expect(repairAddressText('https://x.cn/billing/pay?refEAznKz5vqG2xucXBKdG5')).toBe('https://x.cn/billing/pay?ref=AznKz5vqG2xucXBKdG5');
    expect(repairAddressText('(https://x.xyz/index.php?refEeVpBgSmiZcbKj)')).toBe('(https://x.xyz/index.php?ref=eVpBgSmiZcbKj)');
    expect(repairAddressText('https://x.example/?reEbu6ru&v=2')).toBe('https://x.example/?ref=bu6ru&v=2');
    // A pair that has its = further on stays as read.
    expect(repairAddressText('https://a.example/?revise=1#top')).toBe('https://a.example/?revise=1#top');
  });
});

describe('more misreadings of a URL\'s marks', () => {
  it('reads the jpn reader\'s ん after the scheme\'s one slash, or between a path\'s letters, as a slash and a v', () => {
    expect(repairAddressText('確認ください。https:/んpass-jp-sup.example/a')).toBe('確認ください。https://vpass-jp-sup.example/a');
    expect(repairAddressText('http://192.0.2.27/update/mypageんerify?q=1')).toBe('http://192.0.2.27/update/mypage/verify?q=1');
    // Before a w the ん is the slash alone; outside a URL, or not between small letters, it is a kana.
    expect(repairAddressText('https:/んwumm49v.top/update/?key=P8Hm')).toBe('https://wumm49v.top/update/?key=P8Hm');
    expect(repairAddressText('ごめんなさい。hんa')).toBe('ごめんなさい。hんa');
    expect(repairAddressText('https://x.example/aんB')).toBe('https://x.example/aB');
  });

  it('mends a scheme read with a 7 after the colon, or the colon as a y', () => {
    expect(repairAddressText('よりご確認ください。https:7//web.nhk-jushin-zni.xyz')).toBe('よりご確認ください。https://web.nhk-jushin-zni.xyz');
    expect(repairAddressText('httpsy//rakuten-ichiba-info.example/update')).toBe('https://rakuten-ichiba-info.example/update');
    // One slash before a URL the capture cut (no host whole yet); a slash that goes on on the next line stays.
    expect(repairAddressText('下記URLよりご確認ください。https:/m')).toBe('下記URLよりご確認ください。https://m');
    expect(repairAddressText('https:/', { lineMayWrap: true })).toBe('https:/');
  });

  it('reads the question mark read twice with a small z, or after a slash read as 7, or after a space', () => {
    expect(repairAddressText('https://bk-mufg-co-jp.example/?zno=wwiSHbs7')).toBe('https://bk-mufg-co-jp.example/?no=wwiSHbs7');
    expect(repairAddressText('https://x.example/?zip=1')).toBe('https://x.example/?zip=1');
    expect(repairAddressText('https://m.docomo.xyz/mypage/check7Zno=dtQvP9rLiBW&lang=ja')).toBe('https://m.docomo.xyz/mypage/check/?no=dtQvP9rLiBW&lang=ja');
    expect(repairAddressText('https://my.rakuten-mobile-xv4.test/ 2re=XVLezE')).toBe('https://my.rakuten-mobile-xv4.test/ ?ref=XVLezE');
    // Read as 7 and as itself after the path's last word; a word ending in a digit, or a short one, keeps its 7.
    expect(repairAddressText('http://192.0.2.137:8888/login/billing7?id=zxWuK3s7K2Xe6')).toBe('http://192.0.2.137:8888/login/billing?id=zxWuK3s7K2Xe6');
    expect(repairAddressText('https://x.example/v7?id=1')).toBe('https://x.example/v7?id=1');
    expect(repairAddressText('https://x.example/page27?id=1')).toBe('https://x.example/page27?id=1');
  });

  it('puts back a usual top-level domain whose first letters were lost', () => {
    expect(repairAddressText('https://nhk-pay-secure.ample')).toBe('https://nhk-pay-secure.example');
    // Not on a line that may go on below, nor a real domain or a short piece.
    expect(repairAddressText('https://nhk-pay-secure.ample', { lineMayWrap: true })).toBe('https://nhk-pay-secure.ample');
    expect(repairAddressText('https://x.shop/a')).toBe('https://x.shop/a');
    expect(repairAddressText('https://x.ple/a')).toBe('https://x.ple/a');
  });
});
