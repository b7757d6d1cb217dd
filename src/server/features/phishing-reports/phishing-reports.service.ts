import type { Pagination, PublicReport, ReportListQuery, ReportSubmission } from '../../../common/phishing-report.schema';
import { DELETE_LOCK_MS, DELETE_MAX_WRONG_ATTEMPTS } from '../../../common/limits';
import { reportMessages } from '../../../common/messages';
import { maskReportText } from '../../../common/personal-data';
import { isEmailAddress, normalizePhoneNumber } from '../../../common/text-normalize';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { hashSecret, keyedDigest, randomUrlSafeId, verifySecret } from '../../lib/secret-hash';
import { LruCache } from '../../lib/lru-cache';
import type { FileStorage } from '../../storage/file-storage';
import type { PhishingReportsRepository, ReportCard, StoredReport } from './phishing-reports.repo';
import { changingPublicFields, publicReportJson, unchangingPublicFields } from './report-public-text';
import { searchTerms } from './report-search-text';
import { inspectScreenshot, reencodeWithoutMetadata } from './screenshot-image';
import { ORIGINAL_FOLDER } from './screenshot-publisher';

export interface ReporterContext {
  ip: string;
  fingerprint: string | undefined;
}

export interface ReportsServiceDeps {
  repo: PhishingReportsRepository;
  storage: FileStorage;
  clock: Clock;
  secret: string;
  /** Public URL prefix under which `public/` storage keys are served. */
  mediaPath: string;
  /** Told when a screenshot awaits redaction; publishes it in the background (screenshot-publisher.ts). */
  screenshotPublisher: { kick(): void };
}


const LIST_CACHE_PAGES = 500;
/** Searches get a cache of their own, so many different queries never push the list's pages out. */
const SEARCH_CACHE_PAGES = 200;

export class PhishingReportsService {
  private readonly listCache = new LruCache<Buffer>(LIST_CACHE_PAGES);
  private readonly searchCache = new LruCache<Buffer>(SEARCH_CACHE_PAGES);

  constructor(private readonly deps: ReportsServiceDeps) {}

  /** The object form of a public report; the JSON answers are made by the same rules (report-public-text.ts). */
  toPublic(report: StoredReport): PublicReport {
    return { ...unchangingPublicFields(report), ...changingPublicFields(report, this.deps.mediaPath) };
  }

  /**
   * Saves the report with its screenshot's private original. Publishing never happens here: a
   * screenshot to publish is left `pending` for the background publisher, which redacts it first,
   * so the answer never waits for OCR. `screenshotPending` tells the caller that happened.
   */
  async submit(
    submission: ReportSubmission,
    screenshot: Buffer | null,
    reporter: ReporterContext,
  ): Promise<{ reportId: string; screenshotPending: boolean }> {
    const { repo, clock, secret } = this.deps;
    const reportId = randomUrlSafeId();
    const sender = splitSender(submission.receipt_method, submission.source_info);
    // Typed or auto-filled, the text is published: the recipient's own data never is (personal-data.ts).
    const text = maskReportText({ subject: submission.subject, body: submission.body }, { senderEmail: sender.email });
    const [passwordHash, originalKey] = await Promise.all([
      hashSecret(submission.delete_password),
      screenshot ? this.storeOriginal(screenshot) : Promise.resolve(null),
    ]);
    const publish = originalKey !== null && submission.publish_screenshot;
    try {
      await repo.insert({
        report_id: reportId,
        receipt_method: submission.receipt_method,
        subject: submission.receipt_method === 'email' ? text.subject : null,
        body: text.body,
        source_email: sender.email,
        phone_number: sender.phone,
        publish_screenshot: publish ? 1 : 0,
        screenshot_status: originalKey === null ? 'none' : publish ? 'pending' : 'private',
        screenshot_key: null,
        thumbnail_key: null,
        original_key: originalKey,
        delete_password_hash: passwordHash,
        reporter_ip_hash: keyedDigest(secret, reporter.ip),
        reporter_fingerprint_hash: reporter.fingerprint ? keyedDigest(secret, reporter.fingerprint) : null,
        reported_at: clock.now(),
      });
    } catch (error) {
      if (originalKey) await this.removeImages([originalKey]);
      throw error;
    }
    if (publish) this.deps.screenshotPublisher.kick();
    return { reportId, screenshotPending: publish };
  }

  /**
   * The list answer as UTF-8 JSON. Pages are cached per data revision (bumped in the same
   * transaction as every insert and delete), so a cached page is served only while no report
   * has been added or removed anywhere — on any instance — and a deletion disappears at once.
   */
  async listJson(query: ReportListQuery): Promise<Buffer> {
    const { repo } = this.deps;
    const counts = await repo.counts();
    const terms = query.q === undefined ? [] : searchTerms(query.q);
    if (terms.length > 0 || query.similar_to !== undefined) return this.searchJson(query, terms, counts.revision);

    const key = `${counts.revision}|${query.receipt_method ?? '*'}|${query.limit}|${query.offset}`;
    const cached = this.listCache.get(key);
    if (cached) return cached;

    const total = query.receipt_method ? counts.total[query.receipt_method] : counts.total.email + counts.total.sms;
    const rows = await repo.listPage({ ...query, method: query.receipt_method, total, revision: counts.revision });
    const json = this.pageJson(query, rows, total);
    this.listCache.set(key, json);
    return json;
  }

  /**
   * Search (`q`) and similar reports (`similar_to`), with the receipt method: cached per revision
   * like the list, since every change of a public report moves the revision.
   */
  private async searchJson(query: ReportListQuery, terms: string[], revision: string): Promise<Buffer> {
    const key = JSON.stringify([revision, query.receipt_method ?? '*', query.limit, query.offset, terms, query.similar_to ?? null]);
    const cached = this.searchCache.get(key);
    if (cached) return cached;

    const { repo } = this.deps;
    const group = query.similar_to === undefined ? undefined : await repo.groupOf(query.similar_to);
    // An unknown or hidden report has no similar reports: an empty page, not an error.
    const page = group === null
      ? { reports: [], total: 0, capped: false }
      : await repo.searchPage({ method: query.receipt_method, terms, group, limit: query.limit, offset: query.offset });
    const json = this.pageJson(query, page.reports, page.total, page.capped);
    this.searchCache.set(key, json);
    return json;
  }

  /**
   * A page as UTF-8 bytes. Encoded once here, the bytes are what a cached page keeps (outside the
   * JavaScript heap, so five hundred cached pages do not make every garbage collection longer)
   * and what the socket is given, with no second encoding on the way out.
   */
  private pageJson(query: ReportListQuery, rows: ReportCard[], total: number, capped?: boolean): Buffer {
    const pagination: Pagination = {
      total,
      limit: query.limit,
      offset: query.offset,
      has_more: query.offset + rows.length < total,
      ...(capped === undefined ? {} : { total_capped: capped }),
    };
    // The reports' stored texts are joined as they are: nothing of them is decoded, defanged or encoded again.
    const reports = rows.map((row) => publicReportJson(row.public_text, row, this.deps.mediaPath)).join(',');
    return Buffer.from(`{"success":true,"data":{"reports":[${reports}],"pagination":${JSON.stringify(pagination)}}}`);
  }

  /** One public report's answer as JSON text (`{ success, data }`), made like a list page's reports. */
  async getJson(reportId: string): Promise<string> {
    const card = await this.deps.repo.findCardByReportId(reportId);
    if (!card) throw new AppError('NOT_FOUND', reportMessages.detailNotFound);
    return `{"success":true,"data":${publicReportJson(card.public_text, card, this.deps.mediaPath)}}`;
  }

  /** Returns the report or null; for host pages that render a 404 page themselves. */
  async find(reportId: string): Promise<PublicReport | null> {
    const report = await this.deps.repo.findByReportId(reportId);
    return report ? this.toPublic(report) : null;
  }

  /**
   * Deletes with the 4-digit password. Each attempt is recorded before the password is checked,
   * so however many arrive at once, at most three are ever compared within a lock period; the
   * third wrong one locks the report for 24 hours, whoever asks next.
   */
  async delete(reportId: string, password: string): Promise<void> {
    const { repo, clock } = this.deps;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const state = await repo.findDeletionState(reportId);
      if (!state) throw new AppError('NOT_FOUND', reportMessages.detailNotFound);
      const now = clock.now();
      if (state.delete_locked_until && state.delete_locked_until > now) {
        throw new AppError('RATE_LIMITED', reportMessages.deleteLocked);
      }
      const lockExpired = state.delete_locked_until !== null;
      const attempts = (lockExpired ? 0 : state.failed_delete_attempts) + 1;
      const lockedUntil = attempts >= DELETE_MAX_WRONG_ATTEMPTS ? new Date(now.getTime() + DELETE_LOCK_MS) : null;
      if (!(await repo.recordDeleteAttempt(state, { attempts, lockedUntil }))) continue;

      if (await verifySecret(password, state.delete_password_hash)) {
        // The keys come from the deleted row itself, so an image published a moment ago goes too.
        const keys = await repo.deleteById(state.id);
        if (keys) await this.removeImages(keys);
        return;
      }
      if (lockedUntil) throw new AppError('RATE_LIMITED', reportMessages.deleteLocked);
      throw new AppError('UNAUTHORIZED', reportMessages.deleteWrongPassword);
    }
    throw new AppError('SERVICE_UNAVAILABLE', reportMessages.deleteFailed);
  }

  /**
   * Keeps the upload privately, re-encoded without metadata (not redacted: never served). The file
   * is written before its report's row exists; should the process die in between, the orphan sweep
   * (screenshot-retention.ts) deletes it once it is an hour old.
   */
  private async storeOriginal(content: Buffer): Promise<string> {
    const format = await inspectScreenshot(content);
    const cleaned = await reencodeWithoutMetadata(content, format);
    const key = `private/${ORIGINAL_FOLDER}/${randomUrlSafeId()}.${cleaned.extension}`;
    await this.deps.storage.put(key, cleaned.content);
    return key;
  }

  private async removeImages(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.deps.storage.delete(key)));
  }
}

function splitSender(method: ReportSubmission['receipt_method'], sourceInfo: string) {
  if (method === 'email' || isEmailAddress(sourceInfo)) return { email: sourceInfo, phone: null };
  return { email: null, phone: normalizePhoneNumber(sourceInfo) };
}
