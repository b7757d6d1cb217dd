/** Repairs of the usual OCR confusions in addresses, applied only where the result then validates. */
import { REAL_TOP_LEVEL, withUrlGrammarMended } from './address-grammar';
import { withPercentEncodingMended } from './address-percent';

/** Top-level domains of the addresses people are sent; the last label of a host must be one. */
const TOP_LEVEL = ['example', 'test', 'com', 'net', 'org', 'jp', 'info', 'biz', 'xyz', 'top', 'shop', 'site', 'online', 'app', 'dev', 'io', 'me', 'cn', 'ru', 'tk', 'cc', 'vip', 'club', 'live'];
/** Does the host end in a top-level domain (so it is whole, not cut where a screen wrapped it)? */
export function hasTopLevelDomain(host: string): boolean {
  const labels = host.toLowerCase().split('.');
  return labels.length > 1 && TOP_LEVEL.includes(labels.at(-1)!);
}

/** The host of a URL or an e-mail address. */
const HOST = /(?<=@|:\/\/)[A-Za-z0-9][A-Za-z0-9.-]*/g;

/**
 * OCR's usual damage to a host name. The dot before the top-level domain is lost ("k29ugrtop"),
 * or merges with the l before it into an L ("maiLtest", "maiLmizuho-direct"), and l and i swap
 * ("exampie"). A last label that is no top-level domain but ends with one was one.
 */
function repairHost(host: string, pathFollows = false, mayContinue = false): string {
  const fixed = lowerHost(host.replace(/(?<=[a-z0-9])L(?=[a-z0-9])/g, 'l.'));
  const labels = fixed.split('.');
  const last = labels.at(-1)!.toLowerCase();
  if (TOP_LEVEL.includes(last)) return fixed;
  if (labels.length > 1) {
    // A top-level domain has no digits: 「xy2」 is xyz, 「t0p」 top. A letter read twice: 「xyzz」.
    const lettered = last.replace(/2/g, 'z').replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's');
    const undoubled = /(.)\1$/.test(last) ? last.slice(0, -1) : last;
    const tld = [lettered, undoubled].find((candidate) => candidate !== last && TOP_LEVEL.includes(candidate));
    if (tld) return [...labels.slice(0, -1), tld].join('.');
  }
  const swapped = TOP_LEVEL.find((tld) => tld.length >= 4 && tld.length === last.length && [...tld].every((char, i) => char === last[i] || (/[il1|]/.test(char) && /[il1|]/.test(last[i]!))));
  if (swapped && labels.length > 1) return [...labels.slice(0, -1), swapped].join('.');
  // A host at the end of a line that may wrap is left whole: 「https://sp.yshop」 goes on 「-jp.xyz」.
  const mended = labels.length > 1 && !mayContinue ? mendTopLevel(last) : null;
  if (mended) return [...labels.slice(0, -1), mended].join('.');
  // The slash after the host lost (「qf7sn.examplenotice/member」) or read as a 7 (「eposcard-net.xyz7login/verify」:
  // a top-level domain has no digits). Only in URLs (after ://), and only for top-level domains of three
  // letters or more followed by three letters or more.
  if (labels.length > 1 && pathFollows) {
    const lead = TOP_LEVEL.filter((tld) => tld.length >= 3 && last.startsWith(tld) && /^7?[a-z]{3,}$/.test(last.slice(tld.length))).sort((a, b) => b.length - a.length)[0];
    if (lead) return `${[...labels.slice(0, -1), lead].join('.')}/${fixed.slice(fixed.length - last.length + lead.length).replace(/^7/, '')}`;
  }
  const glued = TOP_LEVEL.filter((tld) => last.endsWith(tld) && last.length >= tld.length + 3).sort((a, b) => b.length - a.length)[0];
  return glued ? `${fixed.slice(0, -glued.length)}.${fixed.slice(-glued.length)}` : fixed;
}

/**
 * A last label that is no top-level domain at all (IANA's list) is one letter away from a usual one:
 * a letter read twice or a speck read as one (「xxyz」「itest」), a letter lost, at the screen's edge or
 * inside (「mytokyogas.xy」「.tes」「.xz」), or one letter misread (「xvz」「tod」). Only a single usual
 * domain may fit, and it must have three letters or more, so 「.co」 or 「.to」 (real ones) stay as they are.
 * Or its first letters lost (「.ample」), four letters or more left.
 */
function mendTopLevel(last: string): string | null {
  if (REAL_TOP_LEVEL.has(last) || !/^[a-z]{2,}$/.test(last)) return null;
  const withoutOne = (text: string) => [...text].map((_, i) => text.slice(0, i) + text.slice(i + 1));
  const oneAway = (tld: string): boolean => {
    if (tld.length === last.length + 1) return withoutOne(tld).includes(last);
    if (tld.length === last.length - 1) return withoutOne(last).includes(tld);
    return tld.length === last.length && [...tld].filter((char, i) => char !== last[i]).length === 1;
  };
  const fits = TOP_LEVEL.filter((tld) => tld.length >= 3 && oneAway(tld));
  if (fits.length === 1) return fits[0]!;
  // The label's first letters lost after the dot (「.ample」 for 「.example」): the end of one usual domain, four letters or more.
  const ends = TOP_LEVEL.filter((tld) => last.length >= 4 && tld.length > last.length && tld.endsWith(last));
  return fits.length === 0 && ends.length === 1 ? ends[0]! : null;
}

/**
 * Host names are shown in lower case, so a capital in one is a misread: O is a zero (the lower-case
 * o is smaller), I a lower-case l, and any other capital its lower-case letter. The top-level
 * domain has no digits.
 */
function lowerHost(host: string): string {
  const labels = host.split('.');
  return labels.map((label, i) => (i === labels.length - 1 && labels.length > 1 ? label.replace(/O/g, 'o') : label.replace(/O/g, '0').replace(/I/g, 'l')).toLowerCase()).join('.');
}

/**
 * Senders' hosts very often start with a 「mail.」 label (mail.smbc-direct.example), and OCR drops
 * that small dot or reads it into the l (「mailamazn-jp.example」「maill.tokyo-gas.test」). Hosts
 * that really start with 「mail」 are mostly mailing services, which are left alone.
 */
const MAIL_LABEL_LOST = /^mail(?:l(?=\.)\.|(?=[a-z0-9]))(?!chimp|gun|jet|er|box|fence|inator|trap|poet|up\.|plus|o\.)/;

function repairMailLabel(host: string): string {
  return host.includes('.') ? host.replace(MAIL_LABEL_LOST, 'mail.') : host;
}

/**
 * "https://" read as "ttps://", "hhttps://", "https//", "https:/", "httpsソ/", "https:/ん" (the jpn reader's ん for a slash),
 * "https:7//" (a slash read as a 7 as well), "httpsy//" (the colon as a y, before the slashes)…
 */
const SCHEME = /(?<![A-Za-z])([hH]h?|[mn])?(ttps?)\s?(?::7|[:;.,ソ7]|y(?=\/\/))?\s?[/\\ソ|ん]{0,2}\s?(?=[A-Za-z0-9])/g;
/**
 * The scheme's first letters lost where the URL starts its line (「ps:/fpbzab.xyz/…」「tps://my-au.…」): the
 * colon and a slash still say it is one. Not after letters, on the line or the line before, nor on one line
 * of a message alone: 「htt」 then 「ps://…」 is a scheme wrapped over two lines, whole once the lines are joined.
 */
const SCHEME_START_LOST = /(?<![A-Za-z]\s*)t?ps:\/{1,2}(?=[A-Za-z0-9])/g;
/**
 * The jpn reader's ん for a slash and the v after it (its long stroke and its hook): 「https:/んpass-jp…」 for
 * 「https://vpass-jp…」, 「/mypageん」 + 「erify」 for 「/mypage/verify」. After the scheme's one slash, and not before
 * a v or w (the letter read on its own: 「https:/んwumm…」 was 「https://wumm…」); in a path, between two small letters.
 */
const SLASH_V_AFTER_SCHEME = /(?<=(?<![A-Za-z])h?ttps?:\/)ん(?=[A-Za-uxyz0-9])/g;
const SLASH_V_IN_PATH = /(?<=https?:\/\/[\x21-\x7e]*\/[\x21-\x7e]*[a-z])ん(?=[a-z])/g;
/** A whole scheme with one slash (「https:/m」 where the capture cuts the URL): no text but a URL has 「https:/」. */
const SCHEME_ONE_SLASH = /(?<![A-Za-z])(https?):\/(?=[A-Za-z0-9])/g;
/** One stray Japanese character inside an address (an avatar or icon read into the line). */
const STRAY_IN_ADDRESS = /(?<=https?:\/\/[\x21-\x7e]*[A-Za-z0-9=?&/._-])[\u0080-\uffff](?=[A-Za-z0-9][\x21-\x7e]*)/g;
const EMAIL = /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/**
 * "retry?order=1" read as "retry7order=1", "/?token=" as "/2token=" or "/Ztoken=", "/?c=" as "72c=":
 * the question mark of a URL that has none, before its first "name=" pair.
 */
const QUERY_MARK = /(?<=https?:\/\/[^\s?]*(?:[A-Za-z]|\/ ?))[72Z](?=[A-Za-z_]{1,15}=)/g;
/** The question mark read twice, as itself and as a 2, 7 or Z: "?2no=", "?7key=", "?Zno=". */
const DOUBLED_QUERY_MARK = /(?<=https?:\/\/[^\s?]*)\?[27Z](?=[a-z]{1,12}=)/g;
/** 「/?」 read as 「72」 or 「7Z」 (「check7Zno=」): the slash as a 7, the question mark as a 2 or a Z. */
const SLASH_QUERY_MARK = /(?<=https?:\/\/[^\s?]*[A-Za-z])7[2Z](?=[A-Za-z_]{1,15}=)/g;
/**
 * "?ref=abc" read as "?reEabc": f and = run together into an E, in a pair that then has no = (up to an &, a #, a
 * closing bracket or the URL's end); or "?refEabc", the = alone read as an E.
 */
const F_EQUALS = /(?<=https?:\/\/[^\s]*[?&][a-z]{1,12})E(?=[A-Za-z0-9]+(?:[&#)]|$|[^\x21-\x7e]))/g;
/**
 * "?ref=ygpM" read as "?reygpM" or "?reほたygpM": the f and = lost or read as something else, in a
 * pair that then has no = at all. ("ref" is the only key of the usual ones that starts so.)
 */
const LOST_REF_EQUALS = /(?<=https?:\/\/[^\s]*[?&])re(?:[^\x21-\x7e\s]{1,2})?(?=[A-Za-z0-9]{3,}(?:[&#)]|$|[^\x21-\x7e]))/g;
/**
 * The question mark read twice, as a 2, 7 or Z and as itself, right after a slash: 「redeliv/7?token=」
 * 「billing/2?c=」 (or 「redeliv/ 7?token=」, a space read after each slash). A path segment of one such character before the query is what the misreading
 * makes far more often than any link.
 */
const MARK_AFTER_SLASH_DOUBLED = /(?<=https?:\/\/(?:[^\s?]|\/ )*\/ ?)[27Z](?=\?[A-Za-z_]{1,15}=)/g;
/** The same right after the path's last word (「/login/billing7?id=」): only a 7, after three small letters or more. */
const MARK_AFTER_WORD_DOUBLED = /(?<=https?:\/\/[^\s?]*\/[a-z]{3,})7(?=\?[A-Za-z_]{1,15}=)/g;
/**
 * 「/?ref=J50G」 read as 「/2reJ50G」 or 「/2reEm53N」: the question mark read as a 2, 7 or Z after the
 * path's last slash, and the pair's 「f=」 lost or run into an E, in a URL that then has no query at all.
 */
const LOST_REF_QUERY = /(?<=https?:\/\/[^\s?]*\/)[27Z]reE?(?=[A-Za-z0-9]{3,}(?:[&#)]|$|[^\x21-\x7e]))/g;
/**
 * The same right after the path's last word (「/billing/sp2reZzX8GpTe…」「/account2reたHeyPS4W…」, 「f=」 lost, run
 * into an E or read as a kana as `LOST_REF_EQUALS` and `KANA_EQUALS` say): the 2 may end a
 * word there (「/step2review」), so only before a value that looks like a token (six characters or more, with a
 * capital or a digit).
 */
const LOST_REF_QUERY_AFTER_WORD = /(?<=https?:\/\/[^\s?]*\/[a-z]+)[27Z]re(?:E|[^\x21-\x7e\s]{1,2})?(?=(?=[a-z]*[A-Z0-9])[A-Za-z0-9]{6,}(?:[&#)]|$|[^\x21-\x7e]))/g;
/**
 * The = of a query pair read as a kana or two (「?refたKSQvLD」): no Japanese character stands inside a
 * URL (it would be percent-encoded), so one between a key (lower case, as keys are written) and a
 * value, in a pair without =, was the =.
 */
const KANA_EQUALS = /(?<=https?:\/\/[^\s]*[?&][a-z_]{1,15})[^\x21-\x7e\s]{1,2}(?=[A-Za-z0-9]{3,}(?:[&#)]|$|[^\x21-\x7e]))/g;
/**
 * Marks a host cannot hold, inside a URL's host: 「suido=kyoku.v76pz.xyz」 (a hyphen read as =) and
 * 「r-mobile-.jp-qdp.top」 (a speck read as a dot after a hyphen: no label ends with one).
 */
const EQUALS_IN_HOST = /(?<=:\/\/[A-Za-z0-9.-]*[A-Za-z0-9])=(?=[A-Za-z0-9][A-Za-z0-9-]*\.[A-Za-z0-9.-]*[A-Za-z]{2,})/g;
const DOT_AFTER_HYPHEN_IN_HOST = /(?<=:\/\/[A-Za-z0-9.-]*[A-Za-z0-9]-)\.(?=[A-Za-z0-9])/g;
/**
 * The query keys phishing links usually carry. Keys are written in lower case, so one read with
 * capitals or without its underscore (「?SessIOn=」「&utm_SOurce=」「&utmSOUrCe=」) is one of these.
 */
const USUAL_QUERY_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'session', 'token', 'lang', 'from', 'ref', 'key'];
const QUERY_KEY = /(?<=https?:\/\/(?:[\x21-\x7e]|\/ )*[?&])[A-Za-z_]{2,12}(?==)/g;

/**
 * The question mark read as a small z (「/payment/nozeizid=R6」「/update/redelivzid=vbuH」), in a URL that has
 * none: unlike a 7 or a Z, a z may end the path's word, so only before a usual key and its = (id, no and
 * the keys above), where the z then stands between the path and the pair the ? must open.
 */
const KEYS_AFTER_SMALL_Z = [...USUAL_QUERY_KEYS, 'id', 'no'].join('|');
const SMALL_Z_QUERY_MARK = new RegExp(`(?<=https?:\\/\\/[^\\s?]*[A-Za-z/])z(?=(?:${KEYS_AFTER_SMALL_Z})=)`, 'g');
/** The question mark read twice, as itself and as a small z (「/?zno=」), before the same keys only: a z may start a key (「?zip=」). */
const DOUBLED_QUERY_MARK_SMALL_Z = new RegExp(`(?<=https?:\\/\\/[^\\s?]*)\\?z(?=(?:${KEYS_AFTER_SMALL_Z})=)`, 'g');

/**
 * A key read with capitals or without its underscore is the usual key it spells. A key that is a usual
 * key of three letters or more with its last letter lost before the = (「?re=」「&lan=」: the letter
 * runs into the =) is that key; only one usual key may fit.
 */
function usualQueryKey(key: string): string {
  if (key === key.toLowerCase() && key.includes('_')) return key;
  const bare = key.toLowerCase().replace(/_/g, '');
  const spelled = USUAL_QUERY_KEYS.find((usual) => usual.replace(/_/g, '') === bare);
  if (spelled) return spelled;
  const cut = USUAL_QUERY_KEYS.filter((usual) => usual.length >= 3 && usual.length === key.length + 1 && usual.startsWith(key));
  return cut.length === 1 ? cut[0]! : key;
}

/**
 * A query pair that is a usual key run into its value, with no = at all (「?session=m0T&langja」): the =
 * was lost. Only after an & in a query whose earlier pair has its = (so the URL does use key=value pairs,
 * and a bare flag such as 「?fromage」 is not split), for keys of four letters or more (a shorter one starts
 * too many words), and where the pair holds nothing but letters and digits up to the next & or the URL's end.
 */
const LOST_EQUALS_AFTER_KEY = new RegExp(`(?<=https?:\\/\\/[^\\s?]*\\?[\\x21-\\x7e]*=[\\x21-\\x7e]*&)(${USUAL_QUERY_KEYS.filter((key) => key.length >= 4).join('|')})(?=[A-Za-z0-9]{2,}(?:[&#)]|$|[^\\x21-\\x7e]))`, 'g');

/** A vertical bar in a URL's path is an l. */
const BAR_IN_PATH = /(?<=https?:\/\/[\x21-\x7e]*\/[\x21-\x7e]*)\|(?=[a-z])/g;

/**
 * `lineMayWrap`: the text is one line of a longer message, whose last address may go on on the next
 * line; the repairs that assume a host is whole then leave that address alone.
 */
export function repairAddressText(text: string, { lineMayWrap = false } = {}): string {
  const schemed = text
    .replace(SLASH_V_AFTER_SCHEME, '/v')
    .replace(/(?<=[A-Za-z0-9._-])の(?=[A-Za-z0-9])/g, '@')
    // A mark read right after the @ of an address (「shopping64@④qhtj3k.xyz」).
    .replace(/(?<=[A-Za-z0-9._%+-]@)[^\x21-\x7e\s](?=[A-Za-z0-9])/g, '')
    .replace(SCHEME, (whole, _h: string, rest: string, offset: number, all: string) => {
      // Only where an address follows; "ttps" inside a word is left alone.
      const tail = all.slice(offset + whole.length);
      return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/.test(tail) ? `h${rest}://` : whole;
    })
    .replace(SCHEME_ONE_SLASH, '$1://')
    .replace(SCHEME_START_LOST, (whole, offset: number, all: string) => {
      // Not on a line that may go on a wrapped scheme's first letters (「ht」 then 「tps://」): the joined text decides.
      const tail = all.slice(offset + whole.length);
      return !lineMayWrap && /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/.test(tail) ? 'https://' : whole;
    });
  // What the grammar of hosts, ports and keys decides (address-grammar.ts), then the usual query misreadings.
  const mended = withUrlGrammarMended(schemed)
    .replace(DOUBLED_QUERY_MARK, '?')
    .replace(DOUBLED_QUERY_MARK_SMALL_Z, '?')
    .replace(MARK_AFTER_SLASH_DOUBLED, '')
    .replace(MARK_AFTER_WORD_DOUBLED, '')
    .replace(LOST_REF_QUERY, '?ref=')
    .replace(LOST_REF_QUERY_AFTER_WORD, '?ref=')
    .replace(SLASH_QUERY_MARK, '/?')
    .replace(QUERY_MARK, '?')
    .replace(SMALL_Z_QUERY_MARK, '?')
    // After a whole usual key (「?refEAznK」) the E is the = alone; after its first letters (「?reEabc」), f and = run together.
    .replace(F_EQUALS, (e: string, offset: number, all: string) => (/^[^&\s]*=/.test(all.slice(offset + 1)) ? e : USUAL_QUERY_KEYS.includes(/[a-z]+$/.exec(all.slice(0, offset))![0]) ? '=' : 'f='))
    .replace(LOST_REF_EQUALS, 'ref=')
    .replace(KANA_EQUALS, (kana: string, offset: number, all: string) => (/^[^&\s]*=/.test(all.slice(offset + kana.length)) ? kana : '='))
    .replace(BAR_IN_PATH, 'l')
    .replace(EQUALS_IN_HOST, '-')
    .replace(DOT_AFTER_HYPHEN_IN_HOST, '')
    .replace(QUERY_KEY, usualQueryKey)
    .replace(LOST_EQUALS_AFTER_KEY, '$1=')
    .replace(SLASH_V_IN_PATH, '/v')
    .replace(STRAY_IN_ADDRESS, '')
    .replace(HOST, (host: string, offset: number, all: string) => {
      const repaired = repairHost(host, all.slice(Math.max(0, offset - 3), offset) === '://', lineMayWrap && offset + host.length === all.length);
      return all[offset - 1] === '@' ? repairMailLabel(repaired) : repaired;
    });
  // Percent-encoding only in the joined message: a value cut where its line wraps is no whole UTF-8 text yet.
  return lineMayWrap ? mended : withPercentEncodingMended(mended);
}

export function findEmailAddress(text: string): string | null {
  const match = EMAIL.exec(repairAddressText(text));
  return match ? match[0].replace(/[._-]+$/, '') : null;
}

/**
 * The sender's address on a From line with its @ read as a round capital (「jushinryoGmail.nhk-pay.test」):
 * a G, Q or O between a lower-case name and a host that ends in a known top-level domain.
 */
export function findSenderAddress(text: string): string | null {
  const found = findEmailAddress(text);
  if (found || text.includes('@')) return found;
  const repaired = repairAddressText(text);
  // The @ lost between the usual first part of a sender's address and its host, inside the brackets:
  // 「<infor-card-jp.top>」「<infosaison-netanswertop>」.
  const bracketed = /<(info|support|service|no-?reply|notice|news|account|security)([a-z0-9][a-z0-9.-]{3,})>/i.exec(repaired);
  const host = bracketed ? findEmailAddress(`${bracketed[1]}@${bracketed[2]}`) : null;
  if (host) return host;
  const match = /(?<![A-Za-z0-9._-])([a-z0-9][a-z0-9._-]*)[GQO]([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?![A-Za-z0-9.-])/.exec(repaired);
  return match && TOP_LEVEL.includes(match[2]!.split('.').at(-1)!) ? `${match[1]}@${match[2]}` : null;
}
