import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the trigram index is asked for a long search term, so it skips the trigrams nearly every
 * report holds.
 *
 * Both indexes look a term up by all its trigrams: SQLite's FTS5 matches a quoted term as a phrase
 * and reads the whole doclist of every trigram, and pg_trgm's GIN index reads the posting list of
 * every trigram of a LIKE pattern. A URL host such as `kuroneko-delivery-909.example` is 27
 * trigrams, and six of them (`.ex` … `ple`) are in every report with a link: the lookup read
 * 100,000-entry lists and cost 10–13 ms on SQLite and 30 ms on PostgreSQL, the slowest searches by
 * far. Instead:
 * - SQLite asks FTS5 for the term's three rarest trigrams (`909`, `-90`, `09.`): 0.4 ms;
 * - PostgreSQL asks for the term without its common words (`%kuroneko-delivery-909.%`): pg_trgm
 *   splits a pattern into words itself, so it is given pieces of the term rather than trigrams.
 * Either way the rows found are then tested for the whole term (report-search.repo.ts), so the
 * answer is the same as the whole term's.
 *
 * How common a trigram is comes from a sample: the newest SAMPLE_REPORTS reports' search text,
 * re-read every SAMPLE_MAX_AGE_MS. A stale or unlucky sample only makes a search slower, never
 * wrong.
 */
export const SAMPLE_REPORTS = 300;
const SAMPLE_MAX_AGE_MS = 10 * 60 * 1000;
/** A term of up to this many trigrams (six characters) is looked up whole: its lists are few. */
const WHOLE_TERM_MAX_TRIGRAMS = 4;
/** Enough trigrams that their intersection is small, few enough that reading them is cheap. */
const PICKED_TRIGRAMS = 3;
/** A word whose every trigram is in at least this share of the sampled reports is left out (PostgreSQL). */
const COMMON_WORD_SHARE = 0.5;
/** A piece of a term is worth a LIKE only if pg_trgm finds a whole trigram in it. */
const THREE_WORD_CHARACTERS = /[\p{L}\p{N}]{3}/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** The strings to look a term up by (each must be in a matching report), or null: the whole term. */
export type TrigramPicker = (term: string) => string[] | null;

/**
 * A trigram as a map key: a 30-bit hash of its three code points (a small integer, which V8 keeps
 * unboxed). Counting the sample's 125,000 trigrams by string keys took 70–150 ms on the event
 * loop. Two trigrams may share a key; that only blurs how rare they look, never what is found.
 */
export type TrigramKey = number;

function keyOf(a: number, b: number, c: number): TrigramKey {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35)) & 0x3fffffff;
}

/** The key of one trigram given as text. */
export function trigramKey(trigram: string): TrigramKey {
  const [a = 0, b = 0, c = 0] = Array.from(trigram, (character) => character.codePointAt(0) ?? 0);
  return keyOf(a, b, c);
}

/** Calls `visit` with the key of every trigram of `text`, in order. */
function forEachTrigramKey(text: string, visit: (key: TrigramKey) => void): void {
  let a = -1;
  let b = -1;
  for (let index = 0; index < text.length; ) {
    const c = text.codePointAt(index) ?? 0;
    index += c > 0xffff ? 2 : 1;
    if (a >= 0) visit(keyOf(a, b, c));
    a = b;
    b = c;
  }
}

/** How often each trigram occurs in the sampled reports (at most once per report). */
export interface TrigramCounts {
  reports: number;
  byTrigram: ReadonlyMap<TrigramKey, number>;
}

/** The trigrams of `text` in order, by code point as FTS5's trigram tokenizer counts them. */
export function trigramsOf(text: string): string[] {
  const characters = Array.from(text);
  const trigrams: string[] = [];
  for (let index = 0; index + 3 <= characters.length; index += 1) {
    trigrams.push(`${characters[index]}${characters[index + 1]}${characters[index + 2]}`);
  }
  return trigrams;
}

/** SQLite (FTS5 trigram): the term's rarest trigrams, each matched as it is. */
export function rarestTrigrams({ byTrigram }: TrigramCounts): TrigramPicker {
  return (term) => {
    const trigrams = [...new Set(trigramsOf(term))];
    if (trigrams.length <= WHOLE_TERM_MAX_TRIGRAMS) return null;
    // Sorted by count; among equals the earlier trigram first (the sort is stable).
    return trigrams
      .map((trigram) => ({ trigram, count: byTrigram.get(trigramKey(trigram)) ?? 0 }))
      .sort((a, b) => a.count - b.count)
      .slice(0, PICKED_TRIGRAMS)
      .map(({ trigram }) => trigram);
  };
}

/** PostgreSQL (pg_trgm): the pieces of the term between its common words. */
export function withoutCommonWords({ reports, byTrigram }: TrigramCounts): TrigramPicker {
  const common = (word: string) => {
    const trigrams = trigramsOf(word);
    return trigrams.length > 0 && trigrams.every((trigram) => (byTrigram.get(trigramKey(trigram)) ?? 0) >= reports * COMMON_WORD_SHARE);
  };
  return (term) => {
    if (trigramsOf(term).length <= WHOLE_TERM_MAX_TRIGRAMS) return null;
    const pieces: string[] = [];
    let from = 0;
    for (const match of term.matchAll(WORD)) {
      if (!common(match[0])) continue;
      pieces.push(term.slice(from, match.index));
      from = match.index + match[0].length;
    }
    if (from === 0) return null;
    pieces.push(term.slice(from));
    const kept = pieces.filter((piece) => THREE_WORD_CHARACTERS.test(piece));
    // Nothing but common words: the whole term is the best lookup there is.
    return kept.length > 0 ? kept : null;
  };
}

export class TrigramSample {
  private picker: TrigramPicker | null = null;
  private takenAt = 0;
  private loading: Promise<TrigramPicker> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pick: (counts: TrigramCounts) => TrigramPicker,
    private readonly now: () => number = Date.now,
  ) {}

  /** The picker of the current sample, read (again) when there is none or it is too old. */
  async current(): Promise<TrigramPicker> {
    if (this.picker && this.now() - this.takenAt < SAMPLE_MAX_AGE_MS) return this.picker;
    // One reading at a time; meanwhile an older picker still serves.
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.picker ?? this.loading;
  }

  private async load(): Promise<TrigramPicker> {
    const rows = await this.db.selectFrom('phishing_reports').select('search_text').orderBy('id', 'desc').limit(SAMPLE_REPORTS).execute();
    // Counted once per report: the report a trigram was last counted for is kept beside its count.
    const byTrigram = new Map<TrigramKey, number>();
    // The report a trigram was last counted for, so that each report counts it once.
    const lastReport = new Map<TrigramKey, number>();
    rows.forEach(({ search_text: text }, report) => {
      forEachTrigramKey(text ?? '', (key) => {
        if (lastReport.get(key) === report) return;
        lastReport.set(key, report);
        byTrigram.set(key, (byTrigram.get(key) ?? 0) + 1);
      });
    });
    this.picker = this.pick({ reports: rows.length, byTrigram });
    this.takenAt = this.now();
    return this.picker;
  }
}
