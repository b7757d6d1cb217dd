/**
 * Repairs that a URL's grammar alone decides: a number host's parts are 0–255, a port is 65535 at most,
 * a host holds no comma, and a query key no Japanese. Where a reading breaks one of these, the usual
 * misreading (a slash read as a 7, a dot as a comma, a mark read as a kana) is what makes it whole.
 */
import { createRequire } from 'node:module';

/**
 * An IPv4 host right after the scheme, its first part read with a 7 before it (「http:/7198.51.100.70」: the
 * second slash read as a 7, and the scheme already mended to 「http://」 by then).
 */
const SLASH_BEFORE_NUMBER_HOST = /(?<=https?:\/\/)7(?=(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\d.]))/g;
/** An IPv4 host whose last part runs on into a 7 and the path's first word (「198.51.100.1077account」: the slash). */
const SLASH_AFTER_NUMBER_HOST = /(?<=https?:\/\/\d{1,3}\.\d{1,3}\.\d{1,3}\.)(\d{1,3})7(?=[A-Za-z])/g;
/**
 * A port that runs on into a 7 (「:90907」「:90907login」): the slash after it, where the port would be too big, or
 * where a letter follows (「:20837update」): a port ends at a slash, a ? or a #, never straight into a word.
 */
const SLASH_AFTER_PORT = /(?<=https?:\/\/[A-Za-z0-9.-]+:)(\d{2,5})7(?=([A-Za-z])|$|[^\x21-\x7e])/g;
/** A comma between two labels of a URL's host (「www.jp-bank,jp.2stmr.club」): the dot. */
const COMMA_IN_HOST = /(?<=:\/\/[A-Za-z0-9.-]*[A-Za-z0-9]),(?=[A-Za-z0-9][A-Za-z0-9-]*\.[A-Za-z0-9.-]*[A-Za-z])/g;
/**
 * A Japanese character between a URL's letters and an = (「7reに=kx」「&tに=58」): no URL holds one, so it is a
 * mark read as a kana, or a speck; the key's own repairs (the ?, a lost last letter) follow.
 */
const KANA_BEFORE_EQUALS = /(?<=https?:\/\/[\x21-\x7e]*[A-Za-z_])[^\x21-\x7e\s](?==)/g;

/** Every top-level domain IANA lists (the `tlds` package), and the two names reserved for examples. */
export const REAL_TOP_LEVEL = new Set<string>([...(createRequire(import.meta.url)('tlds') as string[]), 'test', 'example']);

/**
 * A URL's host with no dot at all before its path (「https://rrto/uCM2aR」「https:/dqiee/GqFyc」): no host on the
 * internet is one label, so the dot before the top-level domain was lost (a short link's 「.to」「.ee」 is a
 * small speck). The scheme's second slash may be lost beside it.
 */
const DOTLESS_HOST = /(?<=https?:)\/{1,2}([a-z0-9-]{3,})(?=\/)/g;

/**
 * The host with the dot put back before the one top-level domain it can end in, leaving a name of two
 * characters or more; null when none or several fit.
 */
function dottedHost(host: string): string | null {
  const fits = [...host].map((_, i) => i).filter((i) => i >= 2 && REAL_TOP_LEVEL.has(host.slice(i)));
  return fits.length === 1 ? `${host.slice(0, fits[0])}.${host.slice(fits[0])}` : null;
}

const octet = (digits: string) => Number(digits) <= 255;

export function withUrlGrammarMended(text: string): string {
  return text
    // Only where the 7 breaks the first part (「7198」) and without it the part is whole (「198」).
    .replace(SLASH_BEFORE_NUMBER_HOST, (seven: string, first: string) => (!octet(`7${first}`) && octet(first) ? '' : seven))
    .replace(SLASH_AFTER_NUMBER_HOST, (whole: string, last: string) => (!octet(`${last}7`) && octet(last) ? `${last}/` : whole))
    .replace(SLASH_AFTER_PORT, (whole: string, port: string, letter: string | undefined) => ((letter || Number(`${port}7`) > 65535) && Number(port) <= 65535 ? `${port}/` : whole))
    .replace(COMMA_IN_HOST, '.')
    .replace(DOTLESS_HOST, (whole: string, host: string) => {
      const dotted = dottedHost(host);
      return dotted ? `//${dotted}` : whole;
    })
    .replace(KANA_BEFORE_EQUALS, '');
}
