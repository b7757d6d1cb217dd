import { type Kysely, type SqlBool, sql } from 'kysely';
import type { ReceiptMethod } from '../../../common/limits';
import type { Database, Timestamp } from '../../db/schema';

/**
 * Where every ANCHOR_STEP-th entry of the public list sits, so a deep page walks at most
 * ANCHOR_STEP index entries from the anchor before it instead of `offset` entries from the top
 * (LIMIT/OFFSET cannot jump). A page at offset 73,420 starts from anchor 734 (offset 73,400): a
 * `(reported_at, id) <= anchor` seek, then 20 entries.
 *
 * An anchor is the key of the entry at offset k × ANCHOR_STEP; it holds only while no public report
 * is added, removed, hidden or restored, so the anchors belong to one list revision (the counter
 * rows' revision, which every such write moves, on any instance) and are forgotten when it moves.
 * They are found lazily, each from the nearest one before it, so the first deep pages after a write
 * cost what the plain walk does and the rest a short walk. At most total / ANCHOR_STEP keys per
 * receipt-method filter are held (1,000 for 100,000 reports). The step was 500: walking 250
 * entries on average cost a page about 25 µs more on SQLite than walking 50 (issue 13, round 3).
 */
export const ANCHOR_STEP = 100;

export interface Anchor {
  reported_at: Timestamp;
  id: number;
}

export class ListAnchors {
  private revision = '';
  private readonly byFilter = new Map<string, Map<number, Anchor>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The public ids from the newest, from `anchor` on when given, in the list's order. */
  publicIds(method: ReceiptMethod | undefined, anchor: Anchor | null) {
    // The partial indexes hold public reports only; `hidden_at is null` is what lets them serve.
    let ids = this.db.selectFrom('phishing_reports').where('hidden_at', 'is', null);
    if (method) ids = ids.where('receipt_method', '=', method);
    // A row-value comparison: both databases seek the (reported_at, id) index with it.
    if (anchor) ids = ids.where(sql<SqlBool>`(reported_at, id) <= (${anchor.reported_at}, ${anchor.id})`);
    return ids.orderBy('reported_at', 'desc').orderBy('id', 'desc');
  }

  /**
   * Where the page at `offset` starts: the anchor at or before it and how many entries to walk
   * from there; null near the top (or past the end).
   */
  async pageStart(revision: string, method: ReceiptMethod | undefined, offset: number): Promise<{ anchor: Anchor; offset: number } | null> {
    const index = Math.floor(offset / ANCHOR_STEP);
    if (index === 0) return null;
    const anchor = await this.anchor(revision, method, index);
    return anchor ? { anchor, offset: offset - index * ANCHOR_STEP } : null;
  }

  private async anchor(revision: string, method: ReceiptMethod | undefined, index: number): Promise<Anchor | null> {
    if (revision !== this.revision) {
      this.byFilter.clear();
      this.revision = revision;
    }
    const filterKey = method ?? '*';
    let known = this.byFilter.get(filterKey);
    if (!known) {
      known = new Map();
      this.byFilter.set(filterKey, known);
    }
    const found = known.get(index);
    if (found) return found;

    let from = index - 1;
    while (from > 0 && !known.has(from)) from -= 1;
    const row = await this.publicIds(method, known.get(from) ?? null)
      .select(['reported_at', 'id'])
      .limit(1)
      .offset((index - from) * ANCHOR_STEP)
      .executeTakeFirst();
    if (!row) return null;
    const anchor = { reported_at: row.reported_at, id: Number(row.id) };
    // The map may have been replaced by a newer revision meanwhile; then this anchor is not kept.
    if (this.revision === revision) known.set(index, anchor);
    return anchor;
  }
}
