/**
 * Percent-encoded text in a URL's query (「?q=%E4%BC%9A%E5%93%A1」, Japanese words put in a link), as OCR
 * reads it: the % is read as a 9, as 96 or 90, as an o, or twice (「9%」「%%」「o%」), and a zero of a byte
 * read twice (「AO0」). The grammar says what was there: each % is followed by two hex digits, and the bytes
 * of Japanese text are UTF-8, three to a character, a lead byte E0–EF then two bytes 80–BF. A value that
 * can be read as such bytes in exactly one way, with the fewest misread marks, is put back in that way.
 */

/** How a % may be read: itself, or a short run of 9, 6, 0, o and % that starts with a 9 or an o or holds a % (「0%」). */
const PERCENT_READING = /^(?=[9o]|.*[%9])[%9o06]{1,3}$/;
/** A hex digit as read: itself, or a zero read as a capital O, alone or beside the 0 (the glyph read twice). */
const HEX_READINGS: ReadonlyArray<readonly [string, string]> = [['O0', '0'], ['0O', '0'], ['O', '0']];

/** A query value that may hold percent-encoding: hex digits, % and what a % is read as, up to the pair's end. */
const QUERY_VALUE = /(?<=https?:\/\/[^\s?]*\?(?:[\x21-\x7e]*&)?[A-Za-z_]{1,15}=)[0-9A-FO%o]{6,}(?![A-Za-z0-9%=])/g;

/** The byte a position of a UTF-8 character may take: a lead byte of three-byte text, then two continuation bytes. */
function fitsUtf8(byte: number, position: number): boolean {
  return position === 0 ? byte >= 0xe0 && byte <= 0xef : byte >= 0x80 && byte <= 0xbf;
}

interface Parse {
  /** Marks read for something else (a % read as 9, a 0 read as O). */
  cost: number;
  /** The bytes from here to the end, as hex; several when equally cheap readings differ. */
  readings: Set<string>;
}

/**
 * The value's cheapest readings as whole UTF-8 characters, or null when it cannot be read so. `position`
 * is the byte's place in its character (0 lead, 1 and 2 continuation).
 */
function parseValue(value: string): Parse | null {
  const memo = new Map<string, Parse | null>();
  const hexAt = (at: number): Array<[string, number, number]> => {
    const digits: Array<[string, number, number]> = [];
    if (/[0-9A-F]/.test(value[at] ?? '')) digits.push([value[at]!, 1, 0]);
    for (const [read, digit] of HEX_READINGS) if (value.startsWith(read, at)) digits.push([digit, read.length, 1]);
    return digits;
  };
  const solve = (at: number, position: number): Parse | null => {
    if (at === value.length) return position === 0 ? { cost: 0, readings: new Set(['']) } : null;
    const key = `${at}:${position}`;
    if (memo.has(key)) return memo.get(key)!;
    let best: Parse | null = null;
    // A % lost outright (「%9AE5」) only between whole characters, before a lead byte's E, at a higher cost.
    const lostMark = at > 0 && (position === 0 ? value[at] === 'E' : /[89AB]/.test(value[at] ?? '')) ? [0] : [];
    for (const length of [...lostMark, 1, 2, 3]) {
      const mark = value.slice(at, at + length);
      if (at + length > value.length || (length > 0 && !PERCENT_READING.test(mark))) continue;
      const markCost = mark === '%' ? 0 : length === 0 ? 2 : 1;
      for (const [high, highLength, highCost] of hexAt(at + length)) {
        for (const [low, lowLength, lowCost] of hexAt(at + length + highLength)) {
          const byte = parseInt(high + low, 16);
          if (!fitsUtf8(byte, position)) continue;
          const rest = solve(at + length + highLength + lowLength, (position + 1) % 3);
          if (!rest) continue;
          const cost = rest.cost + markCost + highCost + lowCost;
          if (best && cost > best.cost) continue;
          if (!best || cost < best.cost) best = { cost, readings: new Set() };
          for (const reading of rest.readings) if (best.readings.size < 3) best.readings.add(`%${high}${low}${reading}`);
        }
      }
    }
    memo.set(key, best);
    return best;
  };
  return solve(0, 0);
}

/** Is the percent-encoding valid UTF-8 (no overlong or surrogate forms)? */
function decodes(encoded: string): boolean {
  try {
    decodeURIComponent(encoded);
    return true;
  } catch {
    return false;
  }
}

/**
 * Each query value of a URL that holds a % and reads, in one way only, as two or more percent-encoded
 * characters, put back as that encoding. A value that fits no such reading (a letter, a lost digit, a
 * cut line) is left as it was read.
 */
export function withPercentEncodingMended(text: string): string {
  return text.replace(QUERY_VALUE, (value: string) => {
    if (!value.includes('%')) return value;
    const parse = parseValue(value);
    if (!parse || parse.readings.size !== 1) return value;
    const [encoded] = [...parse.readings] as [string];
    return encoded.length >= 18 && decodes(encoded) ? encoded : value;
  });
}
