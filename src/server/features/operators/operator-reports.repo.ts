import { type Kysely, sql, type Transaction } from 'kysely';
import type { OperatorReportListQuery } from '../../../common/operator.schema';
import { readTimestamp, writeTimestamp } from '../../db/dialect';
import type { Database, OperatorAuditAction, OperatorReportAuditAction, ScreenshotStatus } from '../../db/schema';
import { enqueueJob } from '../../lib/jobs/jobs.repo';
import { PUBLIC_COLUMNS } from '../phishing-reports/phishing-reports.repo';
import { reportSearchQueries, SEARCH_MATCH_LIMIT } from '../phishing-reports/report-search.repo';
import { searchTerms } from '../phishing-reports/report-search-text';

/** A report as the console reads it: the public fields and what moderation needs (never a hash or IP). */
export interface ModeratedReport {
  id: number;
  reportId: string;
  receiptMethod: 'email' | 'sms';
  subject: string | null;
  body: string;
  sourceEmail: string | null;
  phoneNumber: string | null;
  publishScreenshot: boolean;
  screenshotStatus: ScreenshotStatus;
  screenshotKey: string | null;
  thumbnailKey: string | null;
  originalKey: string | null;
  reportedAt: Date;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

export interface ModeratedReportListItem extends ModeratedReport {
  openFlagCount: number;
}

export interface StoredFlag {
  id: number;
  reason: string;
  comment: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface StoredAuditEntry {
  id: number;
  operatorEmail: string;
  action: OperatorAuditAction;
  /** Moderation entries name a report; 入金確認 entries an invoice and its tenant. */
  reportId: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
  tenantId: number | null;
  reason: string;
  createdAt: Date;
}

/** What moderation needs of the public reports' repository: the only ways visibility changes, inside a caller's transaction. */
export interface ReportVisibility {
  setHidden(reportId: string, hidden: { at: Date; reason: string } | null, trx?: Transaction<Database>): Promise<boolean>;
  deleteById(id: number, trx?: Transaction<Database>): Promise<string[] | null>;
  bumpRevision(trx: Transaction<Database>, method: 'email' | 'sms'): Promise<void>;
}

/** Why an action changed nothing (its transaction rolled back). */
export type ModerationRefusal = 'not_found' | 'already_hidden' | 'not_hidden' | 'no_original' | 'hidden' | 'not_published' | 'no_open_flags';

class Refused extends Error {
  constructor(readonly refusal: ModerationRefusal) {
    super(refusal);
  }
}

/** Who acts, for the audit entry written in the same transaction as the action. */
export interface AuditActor {
  operatorId: number;
  email: string;
}

// The public answer's columns and what moderation needs besides (qualified: the list joins the
// open flags, whose report_id would be ambiguous). Still nothing secret: no hash, IP or fingerprint.
const REPORT_COLUMNS = [...PUBLIC_COLUMNS, 'phishing_reports.id', 'phishing_reports.original_key', 'phishing_reports.hidden_reason'] as const;

type ReportRow = {
  id: number; report_id: string; receipt_method: 'email' | 'sms'; subject: string | null; body: string; source_email: string | null;
  phone_number: string | null; publish_screenshot: number; screenshot_status: ScreenshotStatus; screenshot_key: string | null;
  thumbnail_key: string | null; original_key: string | null; reported_at: string | Date; hidden_at: string | Date | null; hidden_reason: string | null;
};

function toModeratedReport(row: ReportRow): ModeratedReport {
  return {
    id: Number(row.id), reportId: row.report_id, receiptMethod: row.receipt_method, subject: row.subject, body: row.body,
    sourceEmail: row.source_email, phoneNumber: row.phone_number, publishScreenshot: row.publish_screenshot === 1,
    screenshotStatus: row.screenshot_status, screenshotKey: row.screenshot_key, thumbnailKey: row.thumbnail_key, originalKey: row.original_key,
    reportedAt: readTimestamp(row.reported_at), hiddenAt: row.hidden_at === null ? null : readTimestamp(row.hidden_at), hiddenReason: row.hidden_reason,
  };
}

const keysOf = (...keys: Array<string | null>): string[] => keys.filter((key): key is string => key !== null);

/**
 * The console's SQL over reports, flags and the audit log. Visibility itself changes only through
 * PhishingReportsRepository (setHidden, deleteById), which keeps the public counters right; the
 * writes here run in the same transaction, so an action, its flags and its audit entry commit together.
 */
export class OperatorReportsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reports: ReportVisibility,
  ) {}

  /**
   * Reports with open flags first (most flags, then the latest flag), then every report newest
   * first; hidden ones included. `q` searches as the public list does (report-search.repo.ts).
   */
  async list(query: OperatorReportListQuery): Promise<{ reports: ModeratedReportListItem[]; total: number }> {
    // Two parts, so a deep page of the unflagged reports walks the (reported_at, id) index instead
    // of sorting every report: the flagged ones (few) in full, then the others from the offset.
    const matching = this.filtered(query);
    let openFlags = this.db
      .selectFrom('phishing_report_flags')
      .select((eb) => ['report_id', eb.fn.countAll<number>().as('open_count'), eb.fn.max('created_at').as('last_flag_at')])
      .where('resolved_at', 'is', null);
    if (query.q || query.status === 'hidden') openFlags = openFlags.where('report_id', 'in', matching);
    const flagged = await openFlags.groupBy('report_id').execute();
    const reportedAt = new Map(await this.reportedAtOf(flagged.map((row) => Number(row.report_id))));
    flagged.sort((a, b) =>
      Number(b.open_count) - Number(a.open_count)
      || readTimestamp(b.last_flag_at).getTime() - readTimestamp(a.last_flag_at).getTime()
      || (reportedAt.get(Number(b.report_id)) ?? 0) - (reportedAt.get(Number(a.report_id)) ?? 0)
      || Number(b.report_id) - Number(a.report_id));
    const openCounts = new Map(flagged.map((row) => [Number(row.report_id), Number(row.open_count)]));

    const pageIds = flagged.slice(query.offset, query.offset + query.limit).map((row) => Number(row.report_id));
    let total = flagged.length;
    if (query.status !== 'flagged') {
      const unflagged = matching.where('phishing_reports.id', 'not in', this.db.selectFrom('phishing_report_flags').select('report_id').where('resolved_at', 'is', null));
      const [count, rest] = await Promise.all([
        // The flagged reports are among these.
        matching.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        pageIds.length < query.limit
          ? unflagged
            .orderBy('phishing_reports.reported_at', 'desc')
            .orderBy('phishing_reports.id', 'desc')
            .limit(query.limit - pageIds.length)
            .offset(Math.max(query.offset - flagged.length, 0))
            .execute()
          : Promise.resolve([]),
      ]);
      total = Number(count.n);
      pageIds.push(...rest.map((row) => Number(row.id)));
    }
    if (pageIds.length === 0) return { reports: [], total };
    const rows = await this.db.selectFrom('phishing_reports').select(REPORT_COLUMNS).where('phishing_reports.id', 'in', pageIds).execute();
    const byId = new Map(rows.map((row) => [Number(row.id), toModeratedReport(row as ReportRow)]));
    return {
      total,
      reports: pageIds.flatMap((id) => {
        const report = byId.get(id);
        return report ? [{ ...report, openFlagCount: openCounts.get(id) ?? 0 }] : [];
      }),
    };
  }

  /** The ids of the reports a list's status and search select. */
  private filtered(query: OperatorReportListQuery) {
    let ids = this.db.selectFrom('phishing_reports').select('phishing_reports.id');
    if (query.status === 'hidden') ids = ids.where('phishing_reports.hidden_at', 'is not', null);
    // The public search's own conditions (same normalisation and indexes), hidden reports included.
    // Like the public search, a search pages through its newest SEARCH_MATCH_LIMIT matches.
    if (query.q) {
      const search = reportSearchQueries(this.db, { terms: searchTerms(query.q), includeHidden: true });
      ids = ids.where('phishing_reports.id', 'in', this.db.selectFrom(search.newestPage(SEARCH_MATCH_LIMIT, 0).as('found')).select('found.id'));
    }
    return ids;
  }

  private async reportedAtOf(ids: number[]): Promise<Array<[number, number]>> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('phishing_reports').select(['id', 'reported_at']).where('id', 'in', ids).execute();
    return rows.map((row) => [Number(row.id), readTimestamp(row.reported_at).getTime()]);
  }

  /** The distinct reasons of each report's open flags. */
  async openFlagReasons(reportIds: number[]): Promise<Map<number, string[]>> {
    const reasons = new Map<number, string[]>();
    if (reportIds.length === 0) return reasons;
    const rows = await this.db
      .selectFrom('phishing_report_flags')
      .select(['report_id', 'reason'])
      .distinct()
      .where('report_id', 'in', reportIds)
      .where('resolved_at', 'is', null)
      .orderBy('report_id')
      .orderBy('reason')
      .execute();
    for (const row of rows) {
      const list = reasons.get(Number(row.report_id)) ?? [];
      list.push(row.reason);
      reasons.set(Number(row.report_id), list);
    }
    return reasons;
  }

  async find(reportId: string, executor: Kysely<Database> | Transaction<Database> = this.db): Promise<ModeratedReport | null> {
    const row = await executor.selectFrom('phishing_reports').select(REPORT_COLUMNS).where('report_id', '=', reportId).executeTakeFirst();
    return row ? toModeratedReport(row as ReportRow) : null;
  }

  async flagsOf(id: number): Promise<StoredFlag[]> {
    const rows = await this.db
      .selectFrom('phishing_report_flags')
      .select(['id', 'reason', 'comment', 'created_at', 'resolved_at'])
      .where('report_id', '=', id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id), reason: row.reason, comment: row.comment, createdAt: readTimestamp(row.created_at),
      resolvedAt: row.resolved_at === null ? null : readTimestamp(row.resolved_at),
    }));
  }

  /** Newest first; one report's entries when `reportId` is given. */
  async auditLog(options: { reportId?: string; limit: number; offset: number }): Promise<{ entries: StoredAuditEntry[]; total: number }> {
    let base = this.db.selectFrom('operator_audit_log');
    if (options.reportId) base = base.where('report_id', '=', options.reportId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      entries: rows.map((row) => ({
        id: Number(row.id), operatorEmail: row.operator_email, action: row.action, reportId: row.report_id,
        invoiceId: row.invoice_id === null ? null : Number(row.invoice_id), invoiceNumber: row.invoice_number, tenantId: row.tenant_id === null ? null : Number(row.tenant_id),
        reason: row.reason, createdAt: readTimestamp(row.created_at),
      })),
    };
  }

  /**
   * A public flag on a visible report. One open flag per client and report: a repeat from the same
   * client is accepted but not counted again. False when the report is unknown or hidden.
   */
  async addFlag(reportId: string, flag: { reason: string; comment: string | null; ipHash: string }, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const report = await trx.selectFrom('phishing_reports').select('id').where('report_id', '=', reportId).where('hidden_at', 'is', null).executeTakeFirst();
      if (!report) return false;
      const open = await trx
        .selectFrom('phishing_report_flags')
        .select('id')
        .where('report_id', '=', report.id)
        .where('ip_hash', '=', flag.ipHash)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (!open) {
        await trx
          .insertInto('phishing_report_flags')
          .values({ report_id: report.id, reason: flag.reason, comment: flag.comment, ip_hash: flag.ipHash, created_at: writeTimestamp(now) })
          .execute();
      }
      return true;
    });
  }

  // ---- Moderation actions: the report, its flags and the audit entry in one transaction ----

  /** Hides the report, takes its public images away and resolves its open flags; answers the image keys to delete. */
  async hide(reportId: string, input: { actor: AuditActor; reason: string; now: Date }): Promise<{ removedKeys: string[] } | ModerationRefusal> {
    return this.act(reportId, async (trx, report) => {
      if (!(await this.reports.setHidden(reportId, { at: input.now, reason: input.reason }, trx))) throw new Refused('already_hidden');
      const removedKeys = await withdrawImages(trx, report.id);
      await resolveOpenFlags(trx, report.id, 'hidden', input.now);
      await appendAudit(trx, { ...input, action: 'hide', reportId });
      return { removedKeys };
    });
  }

  /**
   * Public again. Its image went when it was hidden: if the reporter asked for publishing and the
   * original is still kept, redaction runs again (answers true); without the original it cannot.
   */
  async restore(reportId: string, input: { actor: AuditActor; reason: string; now: Date }): Promise<{ redactionQueued: boolean } | ModerationRefusal> {
    return this.act(reportId, async (trx, report) => {
      if (!(await this.reports.setHidden(reportId, null, trx))) throw new Refused('not_hidden');
      const redactionQueued = report.publishScreenshot && report.originalKey !== null;
      if (redactionQueued) await requeueRedaction(trx, report.id, input.now);
      // A report asked to be published whose original is gone can never show its image again.
      else if (report.publishScreenshot) await trx.updateTable('phishing_reports').set({ screenshot_status: 'failed' }).where('id', '=', report.id).where('screenshot_status', '=', 'private').execute();
      await appendAudit(trx, { ...input, action: 'restore', reportId });
      return { redactionQueued };
    });
  }

  /** Redaction again from the private original; the current public copy is withdrawn (its keys answered). */
  async redact(reportId: string, input: { actor: AuditActor; reason: string; now: Date }): Promise<{ removedKeys: string[] } | ModerationRefusal> {
    return this.act(reportId, async (trx, report) => {
      if (!report.originalKey) throw new Refused('no_original');
      if (report.hiddenAt) throw new Refused('hidden');
      if (!report.publishScreenshot) throw new Refused('not_published');
      const removedKeys = await withdrawImages(trx, report.id);
      await requeueRedaction(trx, report.id, input.now);
      // Cached list pages showed the withdrawn image.
      await this.reports.bumpRevision(trx, report.receiptMethod);
      await appendAudit(trx, { ...input, action: 'redact', reportId });
      return { removedKeys };
    });
  }

  async dismissFlags(reportId: string, input: { actor: AuditActor; reason: string; now: Date }): Promise<{ dismissed: number } | ModerationRefusal> {
    return this.act(reportId, async (trx, report) => {
      const dismissed = await resolveOpenFlags(trx, report.id, 'dismissed', input.now);
      if (dismissed === 0) throw new Refused('no_open_flags');
      await appendAudit(trx, { ...input, action: 'dismiss_flags', reportId });
      return { dismissed };
    });
  }

  /** Deleted for good through the owner's delete path; answers every file key the row held. */
  async deleteForGood(reportId: string, input: { actor: AuditActor; reason: string; now: Date }): Promise<{ removedKeys: string[] } | ModerationRefusal> {
    return this.act(reportId, async (trx, report) => {
      const removedKeys = await this.reports.deleteById(report.id, trx);
      if (!removedKeys) throw new Refused('not_found');
      await appendAudit(trx, { ...input, action: 'delete', reportId });
      return { removedKeys };
    });
  }

  /** Runs an action with the report as it is inside the transaction; a refusal rolls everything back. */
  private async act<T>(reportId: string, work: (trx: Transaction<Database>, report: ModeratedReport) => Promise<T>): Promise<T | ModerationRefusal> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const report = await this.find(reportId, trx);
        if (!report) throw new Refused('not_found');
        return work(trx, report);
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      throw error;
    }
  }
}

async function resolveOpenFlags(trx: Transaction<Database>, id: number, resolution: 'hidden' | 'dismissed', now: Date): Promise<number> {
  const result = await trx
    .updateTable('phishing_report_flags')
    .set({ resolved_at: writeTimestamp(now), resolution })
    .where('report_id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function appendAudit(trx: Transaction<Database>, entry: { actor: AuditActor; action: OperatorReportAuditAction; reportId: string; reason: string; now: Date }): Promise<void> {
  await trx
    .insertInto('operator_audit_log')
    .values({
      operator_id: entry.actor.operatorId, operator_email: entry.actor.email, action: entry.action,
      report_id: entry.reportId, reason: entry.reason, created_at: writeTimestamp(entry.now),
    })
    .execute();
}

/** The audit entry of an operator's 入金確認, in the transaction that marks the invoice paid. */
export async function appendPaymentAudit(
  trx: Transaction<Database>,
  entry: { actor: AuditActor; invoice: { id: number; invoiceNumber: string; tenantId: number }; reason: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('operator_audit_log')
    .values({
      operator_id: entry.actor.operatorId, operator_email: entry.actor.email, action: 'confirm_payment', report_id: null,
      invoice_id: entry.invoice.id, invoice_number: entry.invoice.invoiceNumber, tenant_id: entry.invoice.tenantId,
      reason: entry.reason, created_at: writeTimestamp(entry.now),
    })
    .execute();
}

/**
 * Takes the public images away from a report (hidden, or about to be redacted again): the keys are
 * cleared and answered, for the caller to delete the files after the commit. A published copy or a
 * redaction still waiting is no longer public: `private` keeps only the operators' original, and
 * the waiting job, no longer the report's, finds nothing to do.
 */
async function withdrawImages(trx: Transaction<Database>, id: number): Promise<string[]> {
  const row = await trx.selectFrom('phishing_reports').select(['screenshot_key', 'thumbnail_key']).where('id', '=', id).executeTakeFirst();
  if (!row) return [];
  await trx
    .updateTable('phishing_reports')
    .set({
      screenshot_key: null,
      thumbnail_key: null,
      screenshot_status: sql<ScreenshotStatus>`case when screenshot_status in ('published', 'pending') then 'private' else screenshot_status end`,
      screenshot_job_id: null,
    })
    .where('id', '=', id)
    .execute();
  return keysOf(row.screenshot_key, row.thumbnail_key);
}

/**
 * Redaction again from the private original: a new `publish_screenshot` job (the one a submitted
 * report gets), whose id the report holds, so an older job finds nothing to do.
 */
async function requeueRedaction(trx: Transaction<Database>, id: number, now: Date): Promise<void> {
  const jobId = await enqueueJob(trx, 'publish_screenshot', { reportId: id }, { now });
  await trx.updateTable('phishing_reports').set({ screenshot_status: 'pending', screenshot_job_id: jobId }).where('id', '=', id).execute();
}
