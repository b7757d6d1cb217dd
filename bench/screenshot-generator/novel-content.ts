import { type Lure, type Random, type Segment, between, chance, digits, letters, pick, SUBJECT_TOPICS, toFullWidth } from './content';

/**
 * Content the standard lures lack, turned on by `--variety novel` only (README.md here): hosts on
 * the TLDs real Japanese phishing uses, IP-address hosts, ports, percent-encoding, fragments,
 * shortener-like links, full-width sender display names, sender addresses with plus tags,
 * underscores and digits, subjects decorated with 【】［］◆, and amounts written with カンマ and 円.
 *
 * Every host name is random letters (or a brand word joined to random letters), IP hosts come
 * from the documentation ranges of RFC 5737, so nothing points at a real site.
 */

const NOVEL_TLDS = ['com', 'net', 'jp', 'cn', 'shop', 'icu', 'cc', 'top', 'xyz', 'vip', 'buzz', 'cyou', 'online', 'info', 'live', 'club'];
const SHORTENER_TLDS = ['gd', 'cc', 'ly', 'to', 'im', 'ee'];
/** RFC 5737 TEST-NET ranges: addresses that belong to nobody. */
const DOCUMENTATION_NETS = ['192.0.2', '198.51.100', '203.0.113'];
const PORTS = ['8080', '8443', '8888', '2083', '9090', '4433'];
const ENCODED_WORDS = ['再配達', '本人確認', 'ログイン', 'お支払い', '会員情報'];
const FRAGMENTS = ['#/login', '#top', '#!/verify', '#form', '#/mypage/card'];
const PATH_WORDS = ['login', 'verify', 'account', 'redelivery', 'secure', 'update', 'confirm', 'member', 'auth', 'mypage', 'billing', 'track', 'jp', 'index.php', 'web', 'pay'];
const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A host that imitates a brand's .co.jp domain inside another one, or a random name. */
function novelHost(random: Random, hostWords: readonly string[]): string {
  const word = pick(random, hostWords);
  const tld = pick(random, NOVEL_TLDS);
  return pick(random, [
    () => `${word}-${letters(random, between(random, 3, 5))}.${tld}`,
    () => `${word}.co.jp-${letters(random, 4)}.${pick(random, ['com', 'net', 'cn', 'icu'])}`,
    () => `${word}-co-jp.${tld}`,
    () => `www.${word}.jp.${letters(random, 5)}.${tld}`,
    () => `${letters(random, between(random, 6, 10))}.${tld}`,
    () => `${letters(random, 3)}${digits(random, 3)}.${tld}`,
  ])();
}

/**
 * A lure URL in one of the novel shapes: an odd-TLD host with a port, percent-encoding or a
 * fragment here and there, an IP-address host, or a shortener-like host with a short token.
 */
export function novelLureUrl(random: Random, hostWords: readonly string[], long: boolean): string {
  const shape = pick(random, ['host', 'host', 'host', 'ip', 'shortener'] as const);
  if (shape === 'shortener') {
    return `https://${letters(random, between(random, 2, 3), 'abcdefghijkmnpqrstuvwxyz')}.${pick(random, SHORTENER_TLDS)}/${letters(random, between(random, 4, 7), TOKEN_ALPHABET)}`;
  }
  const scheme = shape === 'ip' || chance(random, 0.3) ? 'http://' : 'https://';
  const host = shape === 'ip' ? `${pick(random, DOCUMENTATION_NETS)}.${between(random, 2, 254)}` : novelHost(random, hostWords);
  const port = chance(random, shape === 'ip' ? 0.5 : 0.2) ? `:${pick(random, PORTS)}` : '';
  const segments = Array.from({ length: long ? between(random, 2, 4) : between(random, 0, 2) }, () => pick(random, PATH_WORDS));
  let path = segments.length > 0 ? `/${segments.join('/')}` : '/';
  const query: string[] = [];
  if (chance(random, 0.3)) query.push(`q=${encodeURIComponent(pick(random, ENCODED_WORDS))}`);
  if (long || chance(random, 0.4)) query.push(`${pick(random, ['id', 'sid', 'token', 'ref', 'u'])}=${letters(random, long ? between(random, 12, 24) : between(random, 5, 9), TOKEN_ALPHABET)}`);
  if (long && chance(random, 0.5)) query.push(pick(random, ['lang=ja', 'utm_source=sms', 'from=mail', `t=${digits(random, 10)}`]));
  if (query.length > 0) path += `?${query.join('&')}`;
  if (chance(random, 0.25)) path += pick(random, FRAGMENTS);
  return `${scheme}${host}${port}${path}`;
}

/** The ideographic space (U+3000) Japanese display names put between words. */
const IDEOGRAPHIC_SPACE = '\u3000';

/** Display names as phishing senders write them: full-width letters, ideographic spaces, 【】. */
function novelDisplayName(random: Random, brandName: string): string {
  return pick(random, [
    () => toFullWidth(brandName),
    () => `${toFullWidth(brandName)}${IDEOGRAPHIC_SPACE}カスタマーセンター`,
    () => `【${brandName}】お客様窓口`,
    () => `${brandName}（公式）`,
    () => `${toFullWidth(brandName)}${IDEOGRAPHIC_SPACE}会員サポート`,
    () => `${brandName}${IDEOGRAPHIC_SPACE}セキュリティセンター`,
  ])();
}

/** Sender addresses with plus tags, underscores and digits, on a random odd-TLD domain. */
function novelSenderAddress(random: Random, localParts: readonly string[], hostWords: readonly string[]): string {
  const base = pick(random, localParts).replace(/-/g, '_');
  const local = pick(random, [
    () => `${base}+${letters(random, between(random, 3, 6))}`,
    () => `no_reply+${digits(random, between(random, 3, 6))}`,
    () => `${base}_${digits(random, 4)}`,
    () => `${letters(random, 4)}${digits(random, 5)}`,
    () => `${base}.${digits(random, 2)}_jp`,
  ])();
  const domain = pick(random, [
    () => `${pick(random, hostWords)}${digits(random, 2)}.${pick(random, NOVEL_TLDS)}`,
    () => `mail-${letters(random, 5)}.${pick(random, NOVEL_TLDS)}`,
    () => `${letters(random, 7)}.${pick(random, NOVEL_TLDS)}`,
  ])();
  return `${local}@${domain}`;
}

/** A yen amount with thousands separators and 円 (full-width in mixed-width images). */
export function yenAmount(random: Random, fullWidth: boolean): string {
  const text = `${(between(random, 120, 9800) * 10).toLocaleString('en')}円`;
  return fullWidth ? toFullWidth(text) : text;
}

function novelSubject(random: Random, lure: Lure, fullWidth: boolean): string {
  const brand = lure.brand.name;
  const topic = pick(random, SUBJECT_TOPICS[lure.brand.category] ?? SUBJECT_TOPICS.other!);
  return pick(random, [
    () => `【${brand}】◆${topic}◆`,
    () => `［${brand}］${topic}`,
    () => `◆重要◆${brand}：${topic}`,
    () => `【重要】［${brand}］${topic}（${between(random, 11, 12)}月${between(random, 1, 28)}日まで）`,
    () => `${brand}｜${topic}【未払い：${yenAmount(random, fullWidth)}】`,
    () => `◆◇${topic}◇◆${brand}`,
  ])();
}

/**
 * Rewrites a standard lure with the novel content: a new URL wherever the old one stood, a
 * full-width display name, a tagged sender address, a decorated subject and a yen amount in the
 * SMS and the e-mail details. It draws only after the standard lure is complete, so the standard
 * content of a seed never changes.
 */
export function addNovelContent(random: Random, lure: Lure, options: { mixedWidth: boolean; longUrl: boolean }): void {
  const isUrl = (segment: Segment): segment is { kind: 'url'; text: string } => typeof segment !== 'string' && segment.kind === 'url';
  const urlParagraph = lure.email.findIndex((paragraph) => paragraph.some(isUrl));
  const oldUrl = lure.email[urlParagraph]!.find(isUrl)!.text;
  const url = novelLureUrl(random, lure.brand.hostWords, options.longUrl);
  for (const paragraph of [...lure.sms, ...lure.email]) {
    paragraph.forEach((segment, index) => {
      if (isUrl(segment) && segment.text === oldUrl) paragraph[index] = { kind: 'url', text: url };
    });
  }
  lure.fromName = novelDisplayName(random, lure.brand.name);
  lure.fromAddress = novelSenderAddress(random, lure.brand.senders, lure.brand.hostWords);
  lure.subject = novelSubject(random, lure, options.mixedWidth);
  if (chance(random, 0.5)) lure.sms.at(-1)!.push(` ${pick(random, ['ご請求額：', '未払い料金 ', 'お支払い金額：'])}${yenAmount(random, options.mixedWidth)}`);
  // The details block (order, tracking and card numbers) follows the URL paragraph in makeLure.
  lure.email[urlParagraph + 1]!.push('\n', `${pick(random, ['未納金額：', '延滞金：', 'ご利用金額合計：'])}${yenAmount(random, options.mixedWidth)}`);
}
