import { describe, expect, it } from 'vitest';
import { NOT_COUNTED_REASONS, notCountedReasonText, SCANNER_FILTER_EXPLANATION } from '../../../common/tracking-reasons';
import {
  isOverturnableByHumanCheck,
  judgeTrackingRequest,
  SHARED_IP_MAX_OTHER_RECIPIENTS,
  type TrackingFacts,
  type TrackingVerdict,
} from './scanner-filter';

const SENT_AT = new Date('2026-11-26T01:00:00.000Z');
const after = (milliseconds: number) => new Date(SENT_AT.getTime() + milliseconds);
const OPTIONS = { minClickDelaySeconds: 10 };

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REAL_BROWSERS = {
  'Chrome on Windows': CHROME_WINDOWS,
  'Edge on Windows': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Firefox on Windows': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Chrome on Mac': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Safari on Mac': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Safari on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Chrome on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  'Chrome on Android': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Samsung Internet': 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'a Cubot phone': 'Mozilla/5.0 (Linux; Android 11; CUBOT KINGKONG 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.102 Mobile Safari/537.36',
  "LINE's in-app browser": 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0',
  "Facebook's in-app browser":
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.41.108;FBBV/632323442;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/ja_JP;FBOP/80]',
};
const GMAIL_IMAGE_PROXY = 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const OUTLOOK_DESKTOP =
  'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; Microsoft Outlook 16.0.17928; ms-office; MSOffice 16)';

function facts(overrides: Partial<TrackingFacts> = {}): TrackingFacts {
  return {
    kind: 'click',
    method: 'GET',
    userAgent: CHROME_WINDOWS,
    referer: '',
    at: after(45_000),
    sentAt: SENT_AT,
    otherRecipientsFromIpRecently: 0,
    honeypotHitFromIp: false,
    ...overrides,
  };
}
const judge = (overrides: Partial<TrackingFacts> = {}) => judgeTrackingRequest(facts(overrides), OPTIONS);
const textOf = (verdict: TrackingVerdict) => (verdict.reason ? notCountedReasonText(verdict.reason, verdict.detail) : null);
const COUNTED: TrackingVerdict = { counted: true, reason: null, detail: {} };

describe('judgeTrackingRequest: people count', () => {
  it('counts a normal Chrome click 45 seconds after delivery', () => {
    expect(judge()).toEqual(COUNTED);
  });

  it.each(Object.entries(REAL_BROWSERS))('counts every kind of request from %s', (_name, userAgent) => {
    expect(judge({ userAgent, kind: 'click' })).toEqual(COUNTED);
    expect(judge({ userAgent, kind: 'open' })).toEqual(COUNTED);
    expect(judge({ userAgent, kind: 'submit', method: 'POST' })).toEqual(COUNTED);
    expect(judge({ userAgent, kind: 'human_check', method: 'POST' })).toEqual(COUNTED);
  });

  it('counts opens fetched by image proxies and Outlook, which fetch the pixel because a person opened the mail', () => {
    for (const userAgent of [GMAIL_IMAGE_PROXY, 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', OUTLOOK_DESKTOP]) {
      expect(judge({ kind: 'open', userAgent }), userAgent).toEqual(COUNTED);
    }
  });

  it('does not hold opens to the click delay, nor opens without a user agent', () => {
    expect(judge({ kind: 'open', at: after(1_000) })).toEqual(COUNTED);
    expect(judge({ kind: 'open', userAgent: '' })).toEqual(COUNTED);
  });

  it('counts a click exactly at the minimum delay, and any click when the delivery time is unknown', () => {
    expect(judge({ at: after(10_000) })).toEqual(COUNTED);
    expect(judge({ at: after(1_000), sentAt: null })).toEqual(COUNTED);
  });
});

describe('judgeTrackingRequest: machines do not count', () => {
  it('HEAD and other non-GET requests, with the method in the reason', () => {
    const head = judge({ method: 'HEAD' });
    expect(head).toEqual({ counted: false, reason: 'non_get', detail: { method: 'HEAD' } });
    expect(textOf(head)).toBe('HEADリクエスト（リンクの自動確認と判定）');
    expect(judge({ kind: 'open', method: 'head' }).reason).toBe('non_get');
    expect(textOf(judge({ method: 'OPTIONS' }))).toBe('OPTIONSリクエスト（リンクの自動確認と判定）');
    expect(judge({ method: 'POST' }).reason).toBe('non_get');
    // The lesson page posts submits and the beacon; anything else at those routes is not a person.
    expect(judge({ kind: 'submit', method: 'GET' }).reason).toBe('non_get');
    expect(judge({ kind: 'human_check', method: 'HEAD' }).reason).toBe('non_get');
  });

  it('a Microsoft Defender user agent', () => {
    // Microsoft publishes no user agent for Safe Links (it mostly poses as Chrome); this checks the product's tokens.
    const verdict = judge({ userAgent: 'Mozilla/5.0 (compatible; Microsoft Defender for Office 365 Safe Links)' });
    expect(verdict).toEqual({ counted: false, reason: 'scanner_agent', detail: { product: 'Microsoft Defender（Safe Links）', category: 'mail_security' } });
    expect(textOf(verdict)).toBe('Microsoft Defender（Safe Links）によるアクセス（メールセキュリティ製品による自動検査と判定）');
  });

  it('a Safe Links referrer', () => {
    const verdict = judge({ referer: 'https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Ftrack.example.jp%2Fc%2Fabc&data=05' });
    expect(verdict).toEqual({ counted: false, reason: 'scanner_referrer', detail: { product: 'Microsoft Defender（Safe Links）' } });
    expect(textOf(verdict)).toBe('Microsoft Defender（Safe Links）を経由したアクセス（メールセキュリティ製品による自動検査と判定）');
  });

  it('a Proofpoint urldefense referrer, judged by its host alone', () => {
    const verdict = judge({ referer: 'https://urldefense.com/v3/__https://track.example.jp/c/abc__;!!ABC!def$' });
    expect(verdict.reason).toBe('scanner_referrer');
    expect(textOf(verdict)).toBe('Proofpoint（URL Defense）を経由したアクセス（メールセキュリティ製品による自動検査と判定）');
    expect(judge({ referer: 'https://urldefense.proofpoint.com/v2/url?u=https-3A__track.example.jp' }).reason).toBe('scanner_referrer');
    // A page that merely mentions the product in its address is not the product.
    expect(judge({ referer: 'https://intranet.example.jp/search?q=urldefense.com' })).toEqual(COUNTED);
  });

  it('a click 3 seconds after delivery, with whole seconds rounded down', () => {
    const verdict = judge({ at: after(3_900) });
    expect(verdict).toEqual({ counted: false, reason: 'too_early', detail: { seconds: 3 } });
    expect(textOf(verdict)).toBe('配信から3秒後のアクセス（メールセキュリティ製品による自動検査と判定）');
    expect(judge({ at: after(9_999) }).detail).toEqual({ seconds: 9 });
    // The web process's clock slightly behind the worker's: still right after delivery.
    expect(judge({ at: after(-2_000) }).detail).toEqual({ seconds: 0 });
    expect(judgeTrackingRequest(facts({ at: after(25_000) }), { minClickDelaySeconds: 30 }).reason).toBe('too_early');
  });

  it('the honeypot link, by any method and from any browser', () => {
    for (const method of ['GET', 'HEAD']) {
      const verdict = judge({ kind: 'honeypot', method });
      expect(verdict).toEqual({ counted: false, reason: 'honeypot', detail: {} });
      expect(textOf(verdict)).toBe('人には見えない確認用リンクへのアクセス（自動検査と判定）');
    }
  });

  it('a click from the address that fetched the honeypot shortly before', () => {
    const verdict = judge({ honeypotHitFromIp: true });
    expect(verdict).toEqual({ counted: false, reason: 'after_honeypot', detail: {} });
    expect(textOf(verdict)).toBe('人には見えない確認用リンクに続いて同じIPアドレスから行われたアクセス（自動検査と判定）');
    expect(judge({ kind: 'human_check', method: 'POST', honeypotHitFromIp: true }).reason).toBe('after_honeypot');
  });

  it('a click without a user agent', () => {
    const verdict = judge({ userAgent: '  ' });
    expect(verdict.reason).toBe('no_user_agent');
    expect(textOf(verdict)).toBe('ブラウザ情報のないアクセス（プログラムによる自動アクセスと判定）');
  });
});

describe('judgeTrackingRequest: one address clicking for several people', () => {
  it('holds back the click for a third person within the window, and says how many', () => {
    expect(SHARED_IP_MAX_OTHER_RECIPIENTS).toBe(1);
    expect(judge({ otherRecipientsFromIpRecently: 1 })).toEqual(COUNTED);
    const verdict = judge({ otherRecipientsFromIpRecently: 2 });
    expect(verdict).toEqual({ counted: false, reason: 'shared_ip', detail: { recipients: 3 } });
    expect(textOf(verdict)).toBe('同じIPアドレスから短時間に3名分のアクセス（自動検査の可能性があるため保留）');
    expect(judge({ kind: 'submit', method: 'POST', otherRecipientsFromIpRecently: 5 }).reason).toBe('shared_ip');
  });

  it('lets a human check overturn shared_ip only; the beacon itself is never held back for it', () => {
    expect(isOverturnableByHumanCheck('shared_ip')).toBe(true);
    for (const reason of NOT_COUNTED_REASONS.filter((reason) => reason !== 'shared_ip')) {
      expect(isOverturnableByHumanCheck(reason), reason).toBe(false);
    }
    expect(judge({ kind: 'human_check', method: 'POST', otherRecipientsFromIpRecently: 40 })).toEqual(COUNTED);
  });

  it('names the surest reason first: hard signals before timing, timing before the shared address', () => {
    const everything = { at: after(2_000), otherRecipientsFromIpRecently: 9, honeypotHitFromIp: true };
    expect(judge({ ...everything, kind: 'honeypot' }).reason).toBe('honeypot');
    expect(judge({ ...everything, method: 'HEAD' }).reason).toBe('non_get');
    expect(judge({ ...everything, userAgent: 'curl/8.5.0' }).reason).toBe('scanner_agent');
    expect(judge({ ...everything, referer: 'https://linkprotect.cudasvc.com/url?a=x' }).reason).toBe('scanner_referrer');
    expect(judge(everything).reason).toBe('too_early');
    expect(judge({ ...everything, at: after(60_000) }).reason).toBe('after_honeypot');
  });
});

describe('the scanner list', () => {
  it.each([
    ['Mozilla/5.0 (compatible; BingPreview/1.0b) AppleWebKit/537.36', 'Bing（BingPreview）のリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) SkypeUriPreview Preview/0.5', 'Microsoft Teams・Skypeのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'Slackのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['facebookexternalhit/1.1;line-poker/1.0', 'LINEのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Facebookのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'Discordのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['WhatsApp/2.23.20.0 A', 'WhatsAppのリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）'],
    ['python-requests/2.32.3', 'Python（requests）によるアクセス（ブラウザではないプログラムによる自動アクセスと判定）'],
    ['Java/17.0.2', 'Javaによるアクセス（ブラウザではないプログラムによる自動アクセスと判定）'],
    ['Go-http-client/1.1', 'Goによるアクセス（ブラウザではないプログラムによる自動アクセスと判定）'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Headless Chromeによるアクセス（プログラムで操作されたブラウザと判定）'],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', '巡回プログラム（AhrefsBot）によるアクセス（自動アクセスと判定）'],
    ['Mozilla/5.0 (compatible; MSIE 5.23; Mac_PowerPC)', 'Mac版Internet Explorerを名乗るアクセス（現在は使われていないブラウザ情報のため自動検査と判定）'],
    ['Mozilla/4.0 (compatible; MSIE 6.0; Macintosh; U; PPC Mac OS X)', 'Mac版Internet Explorerを名乗るアクセス（現在は使われていないブラウザ情報のため自動検査と判定）'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/65.0.3325.181 Safari/537.36', '古いChrome（バージョン65）を名乗るアクセス（現在は使われていないブラウザ情報のため自動検査と判定）'],
    [GMAIL_IMAGE_PROXY, 'Gmailの画像プロキシによるアクセス（メールソフト・メールサービスによる自動取得と判定）'],
    [OUTLOOK_DESKTOP, 'Microsoft Office（リンクの事前確認）によるアクセス（メールソフト・メールサービスによる自動取得と判定）'],
  ])('takes a click by %s for a machine', (userAgent, text) => {
    const verdict = judge({ userAgent });
    expect(verdict.reason).toBe('scanner_agent');
    expect(textOf(verdict)).toBe(text);
  });

  it('takes opens by programs, previewers and scanners for machines too', () => {
    const userAgents = [
      'curl/8.5.0', 'Wget/1.21.4', 'Python-urllib/3.12', 'okhttp/4.12.0', 'libwww-perl/6.72', 'axios/1.7.7',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/534.34 (KHTML, like Gecko) PhantomJS/1.9.8 Safari/534.34',
      'Mozilla/5.0 (compatible; Google-Safety; +http://www.google.com/bot.html)', 'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', 'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 MicrosoftPreview/2.0 +https://aka.ms/MicrosoftPreview',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 (compatible; SomeCrawler/1.0)',
      'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 5.1; Trident/4.0)',
      // Product tokens, in case a gateway names itself.
      'Mimecast URL Protect', 'Barracuda Sentinel (EE)',
    ];
    for (const userAgent of userAgents) expect(judge({ kind: 'open', userAgent }).reason, userAgent).toBe('scanner_agent');
  });
});

describe('the Japanese wording', () => {
  it('has its own sentence for every reason, and never prints a missing value', () => {
    const texts = NOT_COUNTED_REASONS.map((reason) => notCountedReasonText(reason, {}));
    expect(new Set(texts).size).toBe(NOT_COUNTED_REASONS.length);
    for (const text of texts) expect(text).not.toMatch(/undefined|null|NaN/);
    expect(notCountedReasonText('too_early', {})).toBe('配信直後のアクセス（メールセキュリティ製品による自動検査と判定）');
    expect(notCountedReasonText('shared_ip', {})).toBe('同じIPアドレスから短時間に複数名分のアクセス（自動検査の可能性があるため保留）');
  });

  it('explains the filtering and the allow-list on the campaign page', () => {
    expect(SCANNER_FILTER_EXPLANATION).toContain('高度な配信');
    expect(SCANNER_FILTER_EXPLANATION).toContain('許可リスト');
  });
});
