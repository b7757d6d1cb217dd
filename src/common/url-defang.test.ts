import { describe, expect, it } from 'vitest';
import { defangOptional, defangText } from './url-defang';

describe('defangText', () => {
  it.each([
    ['https://example.com/login?id=1', 'hxxps://example[.]com/login?id=1'],
    ['http://yamato-unyu.delivery-check.xyz/tr?no=4408172', 'hxxp://yamato-unyu[.]delivery-check[.]xyz/tr?no=4408172'],
    ['HTTPS://EVIL.EXAMPLE/A.B', 'hxxps://EVIL[.]EXAMPLE/A.B'],
    ['ftp://files.example.net/x', 'fxp://files[.]example[.]net/x'],
    ['https://192.168.10.5:8443/pay', 'hxxps://192[.]168[.]10[.]5:8443/pay'],
    ['www.amazon-jp.example にアクセス', 'www[.]amazon-jp[.]example にアクセス'],
    ['こちら→sagawa-kyubin.example/redeliv/?c=Hq83', 'こちら→sagawa-kyubin[.]example/redeliv/?c=Hq83'],
    ['再配達はこちら：https://post-japan.example/p/82kQ です。', '再配達はこちら：hxxps://post-japan[.]example/p/82kQ です。'],
    ['（https://a.example/）', '（hxxps://a[.]example/）'],
    ['https://user@login.example.com/', 'hxxps://user@login[.]example[.]com/'],
  ])('%s → %s', (text, defanged) => {
    expect(defangText(text)).toBe(defanged);
  });

  it('defangs every URL of a multi-line body and keeps the path and query as they are', () => {
    const body = '回答フォーム：\nhttps://sbisec-notice.example/kakunin/form?acc=6612\nログイン画面：\nhttps://site1.sbisec-notice.example/ETGate/login';
    expect(defangText(body)).toBe(
      '回答フォーム：\nhxxps://sbisec-notice[.]example/kakunin/form?acc=6612\nログイン画面：\nhxxps://site1[.]sbisec-notice[.]example/ETGate/login',
    );
  });

  it('changes nothing the second time', () => {
    for (const text of ['https://example.com/a', 'www.example.com', 'evil.example/path', 'hxxps://example[.]com/…']) {
      expect(defangText(defangText(text))).toBe(defangText(text));
    }
    expect(defangText('hxxps://example[.]com/…')).toBe('hxxps://example[.]com/…');
  });

  it('leaves brand names, e-mail addresses, amounts and dates alone', () => {
    for (const text of ['Amazon.co.jpをご利用いただき', 'support@mynapoint-jimukyoku.example', '5.000円分', '2025/03/07 19:52', '〇〇様']) {
      expect(defangText(text)).toBe(text);
    }
  });

  it('passes null through', () => {
    expect(defangOptional(null)).toBeNull();
    expect(defangOptional('https://a.example/')).toBe('hxxps://a[.]example/');
  });
});
