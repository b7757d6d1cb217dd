import { operatorMessages } from '../../../common/operator-messages';
import type {
  AuditEntry,
  AuditLogQuery,
  OperatorPagination,
  OperatorReport,
  OperatorReportListItem,
  OperatorReportListQuery,
  ReportFlagInput,
  ReportFlagView,
} from '../../../common/operator.schema';
import { defangOptional, defangText } from '../../../common/url-defang';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { keyedDigest } from '../../lib/secret-hash';
import { toJstIsoString } from '../../lib/time-format';
import type { FileStorage } from '../../storage/file-storage';
import { publishedImageUrls } from '../phishing-reports/published-image-urls';
import { unchangingPublicFields } from '../phishing-reports/report-public-text';
import type { AuditActor, ModeratedReport, ModerationRefusal, OperatorReportsRepository, StoredAuditEntry } from './operator-reports.repo';

export interface ModerationDeps {
  repo: OperatorReportsRepository;
  storage: FileStorage;
  clock: Clock;
  secret: string;
  /** Public URL prefix of `public/` storage keys. */
  mediaPath: string;
  /** Told when a report waits for redaction (screenshot-publisher.ts). */
  screenshotPublisher: { kick(): void };
  logger: { error(obj: object, msg: string): void };
}

const BODY_EXCERPT_LENGTH = 120;

/**
 * The operators' moderation of Kizuki DB (issue 13, part 3). Every action changes the report, its
 * flags and the audit log in one transaction (operator-reports.repo.ts); files are deleted only
 * after it commits (a file left behind by a crash is an orphan, which the retention sweep removes).
 */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  async list(query: OperatorReportListQuery): Promise<{ reports: OperatorReportListItem[]; pagination: OperatorPagination }> {
    const { reports, total } = await this.deps.repo.list(query);
    const reasons = await this.deps.repo.openFlagReasons(reports.map((report) => report.id));
    return {
      reports: reports.map((report) => ({
        report_id: report.reportId,
        receipt_method: report.receiptMethod,
        subject: defangOptional(report.subject),
        body_excerpt: excerpt(defangText(report.body)),
        source_email: report.sourceEmail,
        phone_number: report.phoneNumber,
        reported_at: toJstIsoString(report.reportedAt),
        hidden_at: report.hiddenAt ? toJstIsoString(report.hiddenAt) : null,
        hidden_reason: report.hiddenReason,
        screenshot_status: report.screenshotStatus,
        open_flag_count: report.openFlagCount,
        flag_reasons: reasons.get(report.id) ?? [],
      })),
      pagination: { total, limit: query.limit, offset: query.offset },
    };
  }

  async detail(reportId: string): Promise<{ report: OperatorReport; flags: ReportFlagView[]; audit: AuditEntry[] }> {
    const report = await this.findOrThrow(reportId);
    const [flags, audit] = await Promise.all([this.deps.repo.flagsOf(report.id), this.deps.repo.auditLog({ reportId, limit: 100, offset: 0 })]);
    return {
      report: this.present(report),
      flags: flags.map((flag) => ({
        id: flag.id, reason: flag.reason, comment: flag.comment, created_at: toJstIsoString(flag.createdAt),
        resolved_at: flag.resolvedAt ? toJstIsoString(flag.resolvedAt) : null,
      })),
      audit: audit.entries.map(presentAudit),
    };
  }

  /** The private original (never public): its bytes and type, for operators only. */
  async original(reportId: string): Promise<{ content: Buffer; contentType: string }> {
    const report = await this.findOrThrow(reportId);
    const content = report.originalKey ? await this.deps.storage.get(report.originalKey) : null;
    if (!content || !report.originalKey) throw new AppError('NOT_FOUND', operatorMessages.originalNotFound);
    return { content, contentType: report.originalKey.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  }

  /** Hidden at once from every public answer; its public images go; its open flags are resolved. */
  async hide(actor: AuditActor, reportId: string, reason: string): Promise<OperatorReport> {
    const outcome = refusedOrDone(await this.deps.repo.hide(reportId, { actor, reason, now: this.deps.clock.now() }));
    await this.removeFiles(outcome.removedKeys);
    return this.present(await this.findOrThrow(reportId));
  }

  /**
   * Public again. Its image was deleted when it was hidden: if the reporter asked for publishing
   * and the original is still kept, redaction runs again and the image returns once redacted.
   */
  async restore(actor: AuditActor, reportId: string, reason: string): Promise<OperatorReport> {
    const outcome = refusedOrDone(await this.deps.repo.restore(reportId, { actor, reason, now: this.deps.clock.now() }));
    if (outcome.redactionQueued) this.deps.screenshotPublisher.kick();
    return this.present(await this.findOrThrow(reportId));
  }

  /** Redaction again from the private original (the publish_screenshot job); the old public copy goes at once. */
  async redact(actor: AuditActor, reportId: string, reason: string | undefined): Promise<OperatorReport> {
    const outcome = refusedOrDone(await this.deps.repo.redact(reportId, { actor, reason: reason ?? '', now: this.deps.clock.now() }));
    await this.removeFiles(outcome.removedKeys);
    this.deps.screenshotPublisher.kick();
    return this.present(await this.findOrThrow(reportId));
  }

  /** The open flags are resolved without hiding the report. */
  async dismissFlags(actor: AuditActor, reportId: string, reason: string): Promise<OperatorReport> {
    refusedOrDone(await this.deps.repo.dismissFlags(reportId, { actor, reason, now: this.deps.clock.now() }));
    return this.present(await this.findOrThrow(reportId));
  }

  /** Deleted for good, files and row, through the owner's delete path (without the password). */
  async delete(actor: AuditActor, reportId: string, reason: string): Promise<void> {
    const outcome = refusedOrDone(await this.deps.repo.deleteForGood(reportId, { actor, reason, now: this.deps.clock.now() }));
    await this.removeFiles(outcome.removedKeys);
  }

  async auditLog(query: AuditLogQuery): Promise<{ entries: AuditEntry[]; pagination: OperatorPagination }> {
    const { entries, total } = await this.deps.repo.auditLog({ reportId: query.report_id, limit: query.limit, offset: query.offset });
    return { entries: entries.map(presentAudit), pagination: { total, limit: query.limit, offset: query.offset } };
  }

  /** The public 「不適切な報告を通知」: unknown and hidden reports are not found. */
  async flag(reportId: string, input: ReportFlagInput, ip: string): Promise<{ message: string }> {
    const added = await this.deps.repo.addFlag(reportId, { reason: input.reason, comment: input.comment || null, ipHash: keyedDigest(this.deps.secret, ip) }, this.deps.clock.now());
    if (!added) throw new AppError('NOT_FOUND', operatorMessages.reportNotFound);
    return { message: operatorMessages.flagReceived };
  }

  private async findOrThrow(reportId: string): Promise<ModeratedReport> {
    const report = await this.deps.repo.find(reportId);
    if (!report) throw new AppError('NOT_FOUND', operatorMessages.reportNotFound);
    return report;
  }

  private present(report: ModeratedReport): OperatorReport {
    const published = report.hiddenAt === null && report.publishScreenshot && report.screenshotStatus === 'published';
    const images = publishedImageUrls(this.deps.mediaPath, published, report);
    return {
      // The text as the public sees it (defanged), by the public answers' own rules.
      ...unchangingPublicFields({
        report_id: report.reportId, receipt_method: report.receiptMethod, subject: report.subject, body: report.body,
        source_email: report.sourceEmail, phone_number: report.phoneNumber, publish_screenshot: report.publishScreenshot, reported_at: report.reportedAt,
      }),
      ...images,
      hidden_at: report.hiddenAt ? toJstIsoString(report.hiddenAt) : null,
      hidden_reason: report.hiddenReason,
      screenshot_status: report.screenshotStatus,
      has_original: report.originalKey !== null,
      redacted_image_url: images.screenshot_url,
    };
  }

  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.deps.storage.delete(key).catch((error: unknown) => this.deps.logger.error({ err: error, key }, 'could not delete a screenshot file'))),
    );
  }
}

const REFUSALS: Record<ModerationRefusal, AppError> = {
  not_found: new AppError('NOT_FOUND', operatorMessages.reportNotFound),
  already_hidden: new AppError('CONFLICT', operatorMessages.alreadyHidden),
  not_hidden: new AppError('CONFLICT', operatorMessages.notHidden),
  no_original: new AppError('CONFLICT', operatorMessages.noOriginal),
  hidden: new AppError('CONFLICT', operatorMessages.redactHidden),
  not_published: new AppError('CONFLICT', operatorMessages.redactNotPublished),
  no_open_flags: new AppError('CONFLICT', operatorMessages.noOpenFlags),
};

/** The action's outcome, or its refusal as the answer (409, or 404 for a report gone meanwhile). */
function refusedOrDone<T extends object>(outcome: T | ModerationRefusal): T {
  if (typeof outcome === 'string') throw REFUSALS[outcome];
  return outcome;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_EXCERPT_LENGTH ? `${flat.slice(0, BODY_EXCERPT_LENGTH)}…` : flat;
}

function presentAudit(entry: StoredAuditEntry): AuditEntry {
  return {
    id: entry.id, operator_email: entry.operatorEmail, action: entry.action, report_id: entry.reportId,
    invoice_id: entry.invoiceId, invoice_number: entry.invoiceNumber, tenant_id: entry.tenantId, reason: entry.reason,
    created_at: toJstIsoString(entry.createdAt),
  };
}
