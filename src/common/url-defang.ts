/**
 * Published report text shows phishing URLs "defanged" (hxxps://example[.]com/…): readable as a
 * warning, but not a link any viewer, mail client or chat app turns into a live one, and not
 * something a reader opens by copying it. Stored text keeps the real URL (for later analysis);
 * everything that shows report text — the API presenter, the server-rendered page and the React
 * views — passes it through here. Applying it twice changes nothing.
 */

/**
 * A URL with a scheme (its host up to the first "/", "?", "#" or space), a "www." host, or a bare
 * host followed by a path ("sagawa-kyubin.example/redeliv"). A brand written as a domain without
 * a path ("Amazon.co.jp") is left as it is.
 */
const LINKABLE =
  /\b(h(?:tt|xx)ps?|ftps?)(:\/\/)([^\s/?#\\<>"'()（）「」【】]+)|(?<![\w.@/\-[\]])(www\.[^\s/?#\\<>"'()（）「」【】]+|(?:[A-Za-z0-9-]+(?:\.|\[\.\]))+[A-Za-z]{2,}(?=\/))/gi;

/** "example.com" → "example[.]com"; dots already bracketed stay as they are. */
function defangHost(host: string): string {
  return host.replace(/(?<!\[)\.(?!\])/g, '[.]');
}

export function defangText(text: string): string {
  return text.replace(LINKABLE, (whole, scheme: string | undefined, separator: string | undefined, host: string | undefined, bare: string | undefined) => {
    if (scheme !== undefined && separator !== undefined && host !== undefined) {
      return `${scheme.toLowerCase().replace(/^h(?:tt|xx)p/, 'hxxp').replace(/^ftp/, 'fxp')}${separator}${defangHost(host)}`;
    }
    return bare !== undefined ? defangHost(bare) : whole;
  });
}

/** The same for a field that may be missing. */
export function defangOptional(text: string | null): string | null {
  return text === null ? null : defangText(text);
}
