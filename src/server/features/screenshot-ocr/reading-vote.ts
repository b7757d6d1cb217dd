import { diffChars } from 'diff';

/**
 * What another reading has at each character of the pivot: `at[i]` is the character it read for
 * the pivot's i-th ('' when it has none there), `before[i]` what it read in addition just before
 * it (`before[pivot.length]`: after the end).
 */
interface Alignment {
  at: string[];
  before: string[];
}

function alignTo(pivot: string, other: string): Alignment {
  const at: string[] = Array.from(pivot, () => '');
  const before: string[] = Array.from({ length: pivot.length + 1 }, () => '');
  let index = 0;
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed.length === added.length) {
      // A substitution character for character: "ryokin" read as "rvokin".
      for (let k = 0; k < removed.length; k++) at[index + k] = added[k]!;
    } else {
      // Anything else: the pivot's characters have no counterpart, and the other's stand before them.
      before[index] += added;
    }
    index += removed.length;
    removed = '';
    added = '';
  };
  for (const change of diffChars(pivot, other)) {
    if (change.removed) removed += change.value;
    else if (change.added) added += change.value;
    else {
      flush();
      for (const char of change.value) at[index++] = char;
    }
  }
  flush();
  return { at, before };
}

/** Marks of addresses that one reader alone may put back between two characters. */
const LONE_MARK = /^[./-]$/;

/**
 * Character by character majority of three readings of the same text: where the other two agree
 * on a character (or on its absence, or on something extra before it), theirs wins; elsewhere the
 * pivot's stands. Three readers that err differently (the page's mixed Japanese reading, and two
 * readings of the crop alone) rarely err alike, so the vote keeps what two of them saw. `first`
 * should be the reader that keeps marks best: a mark only it read between two characters is kept.
 *
 * The pivot's first and last characters that neither other reading has at all stay: the other two
 * read a crop, and a crop's edge cuts a glyph that both then lose alike ("auid@…" read as "id@…"
 * from a crop that began inside the "a").
 */
export function voteReadings(pivot: string, first: string, second: string): string {
  const a = alignTo(pivot, first);
  const b = alignTo(pivot, second);
  const missing = (i: number) => !a.at[i] && !b.at[i] && !a.before[i] && !b.before[i];
  let lead = 0;
  while (lead < pivot.length && missing(lead)) lead++;
  let tail = pivot.length;
  while (tail > lead && missing(tail - 1) && !a.before[tail] && !b.before[tail]) tail--;
  let result = pivot.slice(0, lead);
  for (let i = lead; i <= tail; i++) {
    // Nothing is added before the pivot's first character: what both crop readings have there is
    // a neighbour the crop took in (the "To" label before an address). At the end, the page's
    // reading is the one that loses a last character at a bubble's edge ("…tkFEd" for "…tkFEd9").
    if (i > 0 && a.before[i] && a.before[i] === b.before[i]) result += a.before[i];
    // A lone mark only the first reading has is kept too: eng keeps the "." and "-" of a host and
    // the "/" of a path that both jpn readings drop ("smbc-bkhcv.test" for "smbc-bk-hcv.test").
    else if (i > 0 && i < pivot.length && !b.before[i] && LONE_MARK.test(a.before[i]!)) result += a.before[i];
    if (i === tail) break;
    result += a.at[i] === b.at[i] ? a.at[i] : pivot[i];
  }
  return result + pivot.slice(tail);
}

/** Share of characters two readings must have in common to be readings of the same text. */
const SAME_TEXT_SHARE = 0.7;

/** How many characters two texts have in common, in the same order (their longest common subsequence). */
export function charsInCommon(a: string, b: string): number {
  return diffChars(a, b).reduce((sum, change) => sum + (change.added || change.removed ? 0 : change.count), 0);
}

/** Whether two readings are of the same text: most characters in common, in the same order. */
export function sameText(a: string, b: string): boolean {
  if (!a || !b) return false;
  return charsInCommon(a, b) >= SAME_TEXT_SHARE * Math.max(a.length, b.length);
}
