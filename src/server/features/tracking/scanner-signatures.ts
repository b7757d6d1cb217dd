import { type ScannerCategory } from '../../../common/tracking-reasons';

/**
 * The one list of software that fetches training-mail links without a person behind it
 * (issue 11, "Scanner and bot filtering"). `product` is the name an administrator reads in the
 * Japanese reason; `category` picks the wording (src/common/tracking-reasons.ts).
 */
export interface ScannerSignature {
  pattern: RegExp;
  /** A fixed name, or one built from the match (a version number, a bot's own name). */
  product: string | ((match: RegExpExecArray) => string);
  category: ScannerCategory;
  /** Image proxies and mail programs fetch the open pixel when a person opens the mail, so an open by them counts. */
  opensAreHuman?: boolean;
  /** A user agent that matches the pattern but is a real browser (a phone brand, for instance). */
  unless?: RegExp;
}

/** Matched against the User-Agent header in order; the first match names the product. */
export const SCANNER_USER_AGENTS: readonly ScannerSignature[] = [
  // Mail services and programs that fetch images for the reader. First, because Gmail's proxy
  // claims Windows XP and Firefox 11, which the implausible-browser rules below would catch.
  { pattern: /GoogleImageProxy/, product: 'Gmailの画像プロキシ', category: 'mail_service', opensAreHuman: true },
  { pattern: /YahooMailProxy/i, product: 'Yahoo!メールの画像プロキシ', category: 'mail_service', opensAreHuman: true },
  // Outlook for Windows renders mail with Word ("ms-office"); Office also checks links before opening them.
  {
    pattern: /ms-office|MSOffice|Microsoft Office Existence Discovery|Microsoft Office (?:Word|Excel|PowerPoint)/i,
    product: 'Microsoft Office（リンクの事前確認）',
    category: 'mail_service',
    opensAreHuman: true,
  },

  // Mail security products.
  { pattern: /Microsoft[ -]?Defender|\bMSATP\b|Office ?365 ?ATP|\bSafe ?Links\b/i, product: 'Microsoft Defender（Safe Links）', category: 'mail_security' },
  { pattern: /Proofpoint|urldefense/i, product: 'Proofpoint（URL Defense）', category: 'mail_security' },
  { pattern: /Mimecast/i, product: 'Mimecast', category: 'mail_security' },
  { pattern: /Barracuda/i, product: 'Barracuda', category: 'mail_security' },
  { pattern: /Google[-_ ]?Safety/i, product: 'Googleの安全性チェック', category: 'mail_security' },

  // Link previews in chat and social apps (their in-app browsers carry other tokens and still count).
  { pattern: /BingPreview/i, product: 'Bing（BingPreview）', category: 'link_preview' },
  { pattern: /MicrosoftPreview/i, product: 'Microsoft 365', category: 'link_preview' },
  { pattern: /SkypeUriPreview/i, product: 'Microsoft Teams・Skype', category: 'link_preview' },
  { pattern: /Slackbot|Slack-ImgProxy/i, product: 'Slack', category: 'link_preview' },
  // LINE's previewer calls itself facebookexternalhit too; so does Apple's Messages app.
  { pattern: /line-poker/i, product: 'LINE', category: 'link_preview' },
  { pattern: /facebookexternalhit\/[\d.]+ Facebot Twitterbot/i, product: 'iMessage', category: 'link_preview' },
  { pattern: /facebookexternalhit|Facebot/i, product: 'Facebook', category: 'link_preview' },
  // Telegram's previewer says "like TwitterBot".
  { pattern: /TelegramBot/i, product: 'Telegram', category: 'link_preview' },
  { pattern: /Twitterbot/i, product: 'X（旧Twitter）', category: 'link_preview' },
  { pattern: /Discordbot/i, product: 'Discord', category: 'link_preview' },
  { pattern: /LinkedInBot/i, product: 'LinkedIn', category: 'link_preview' },
  { pattern: /^WhatsApp\//i, product: 'WhatsApp', category: 'link_preview' },

  // Programs and libraries, not browsers.
  { pattern: /python-requests/i, product: 'Python（requests）', category: 'http_client' },
  { pattern: /Python-urllib/i, product: 'Python（urllib）', category: 'http_client' },
  { pattern: /aiohttp|python-httpx/i, product: 'Python', category: 'http_client' },
  { pattern: /\bJava\/\d|Apache-HttpClient/i, product: 'Java', category: 'http_client' },
  { pattern: /^curl\//i, product: 'curl', category: 'http_client' },
  { pattern: /^Wget\//i, product: 'Wget', category: 'http_client' },
  { pattern: /Go-http-client/i, product: 'Go', category: 'http_client' },
  { pattern: /^okhttp\//i, product: 'OkHttp', category: 'http_client' },
  { pattern: /libwww-perl/i, product: 'Perl（libwww-perl）', category: 'http_client' },
  { pattern: /^axios\//i, product: 'axios', category: 'http_client' },
  { pattern: /node-fetch|^undici|^node$/i, product: 'Node.js', category: 'http_client' },

  // Browsers driven by a program.
  { pattern: /HeadlessChrome/, product: 'Headless Chrome', category: 'automation' },
  { pattern: /PhantomJS/i, product: 'PhantomJS', category: 'automation' },

  // Whatever names itself a bot, crawler or spider. Cubot is a phone brand, not a bot.
  {
    pattern: /([\w.-]*(?:bot|crawler|spider))(?![a-z])/i,
    product: (match) => match[1] ?? 'bot',
    category: 'crawler',
    unless: /\bCubot\b/i,
  },

  // Browsers that no person uses today. Safe Links also poses as Chrome 79, 80 and 96, but people
  // still run those on unmanaged machines, so only versions before 70 (2018) are taken as a scanner.
  { pattern: /MSIE [^;)]*;[^)]*Mac|Macintosh[^)]*MSIE/, product: 'Mac版Internet Explorer', category: 'implausible' },
  { pattern: /(?<![\w])Chrome\/([1-6]?\d)\./, product: (match) => `古いChrome（バージョン${match[1]}）`, category: 'implausible' },
  { pattern: /Windows (?:NT [1-5]\.\d|9[58]|CE)\b/, product: 'Windows XP以前のWindows', category: 'implausible' },
];

/** Matched against the host of the Referer header: pages of link-rewriting security products. */
export const SCANNER_REFERRERS: readonly ScannerSignature[] = [
  { pattern: /(?:^|\.)safelinks\.protection\.(?:outlook\.com|office365\.us)$/i, product: 'Microsoft Defender（Safe Links）', category: 'mail_security' },
  { pattern: /(?:^|\.)urldefense(?:\.proofpoint)?\.com$/i, product: 'Proofpoint（URL Defense）', category: 'mail_security' },
  { pattern: /(?:^|\.)mimecast(?:protect)?\.com$/i, product: 'Mimecast', category: 'mail_security' },
  { pattern: /(?:^|\.)linkprotect\.cudasvc\.com$/i, product: 'Barracuda（Link Protection）', category: 'mail_security' },
  { pattern: /(?:^|\.)secure-web\.cisco\.com$/i, product: 'Cisco Secure Email', category: 'mail_security' },
  { pattern: /(?:^|\.)protection\.sophos\.com$/i, product: 'Sophos Email（Time-of-Click）', category: 'mail_security' },
];

export interface ScannerMatch {
  product: string;
  category: ScannerCategory;
}

function firstMatch(signatures: readonly ScannerSignature[], text: string): { signature: ScannerSignature; match: ScannerMatch } | null {
  for (const signature of signatures) {
    const found = signature.pattern.exec(text);
    if (!found || signature.unless?.test(text)) continue;
    const product = typeof signature.product === 'string' ? signature.product : signature.product(found);
    return { signature, match: { product, category: signature.category } };
  }
  return null;
}

/**
 * The scanner a user agent belongs to, or null for what looks like a person's browser.
 * For opens, image proxies and mail programs count as the person: they fetch the pixel because the mail was opened.
 */
export function findScannerAgent(userAgent: string, purpose: 'open' | 'visit'): ScannerMatch | null {
  const found = firstMatch(SCANNER_USER_AGENTS, userAgent);
  if (!found || (purpose === 'open' && found.signature.opensAreHuman)) return null;
  return found.match;
}

/** The security product whose link-rewriting page sent this request, or null. */
export function findScannerReferrer(referer: string): ScannerMatch | null {
  if (referer.trim() === '') return null;
  let host: string;
  try {
    host = new URL(referer).hostname;
  } catch {
    // Not a URL: compare the text itself, in case a product sends a bare host name.
    host = referer.trim();
  }
  return firstMatch(SCANNER_REFERRERS, host)?.match ?? null;
}
