/** Repairs of the usual OCR confusions in addresses, applied only where the result then validates. */

const TLD = '(?:example|test|com|net|org|jp|co|ne|or|go|ac|info|biz|xyz|top|shop|site|online|app|dev|io|me|cn|ru|tk|cc|vip|club|live)';
/** "mail.test" read as "maiLtest": the dot vanished and the l before it grew. */
const DROPPED_DOT = new RegExp(`(?<=[a-z0-9])L(?=${TLD}\\b)`, 'g');
/** "https://" read as "ttps://", "https//", "https:/", "httpsソ/"… */
const SCHEME = /(?<![A-Za-z])(h?)(ttps?)\s?[:;.,ソ7]?\s?[/\\ソ|]{0,2}\s?(?=[A-Za-z0-9])/g;
/** One stray Japanese character inside an address (an avatar or icon read into the line). */
const STRAY_IN_ADDRESS = /(?<=https?:\/\/[\x21-\x7e]*[A-Za-z0-9=?&/._-])[\u0080-\uffff](?=[A-Za-z0-9][\x21-\x7e]*)/g;
const EMAIL = /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** "retry?order=1" read as "retry7order=1": a 7 or 2 between a path and a "name=" pair. */
const QUERY_MARK = /(?<=https?:\/\/[^\s?]*[A-Za-z])[72](?=[A-Za-z_]{1,15}=)/g;

export function repairAddressText(text: string): string {
  return text
    .replace(/(?<=[A-Za-z0-9._-])の(?=[A-Za-z0-9])/g, '@')
    .replace(DROPPED_DOT, 'l.')
    .replace(SCHEME, (whole, _h: string, rest: string, offset: number, all: string) => {
      // Only where an address follows; "ttps" inside a word is left alone.
      const tail = all.slice(offset + whole.length);
      return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/.test(tail) ? `h${rest}://` : whole;
    })
    .replace(QUERY_MARK, '?')
    .replace(STRAY_IN_ADDRESS, '');
}

export function findEmailAddress(text: string): string | null {
  const match = EMAIL.exec(repairAddressText(text));
  return match ? match[0].replace(/[._-]+$/, '') : null;
}
