import type { Clock } from '../../clock';
import type { ClaimedJob } from '../../lib/jobs/jobs.repo';
import { type JobContext, type JobLogger, JobRunner } from '../../lib/jobs/job-runner';
import { JobLane } from '../../lib/jobs/job-lane';
import { randomUrlSafeId } from '../../lib/secret-hash';
import { tokyoMonth } from '../../lib/time-format';
import type { RecipientMail } from '../mail/mail-outbox.repo';
import type { IndividualDispatchRepository } from './individual-dispatch.repo';
import { composeIndividualMail } from './individual-mail';
import type { IndividualRegistrationsRepository, PlannedSend } from './individual-registrations.repo';
import { allowedIntervals } from '../../../common/campaign-schedule';
import { chooseLure, firstAllowedHourMinute, individualAllowRules, LURE_REPEAT_DAYS, planMonthlySend } from './individual-schedule';
import { nextTokyoMonth, tokyoMonthStart } from '../../lib/time-format';

export interface IndividualDispatcherOptions {
  registrations: IndividualRegistrationsRepository;
  repo: IndividualDispatchRepository;
  clock: Clock;
  logger: JobLogger;
  /** Starts the mail worker after a batch is committed. */
  kickMail: () => void;
  appUrl: string;
  trackingUrl: string;
  trainingDomain: string;
  header: { name: string; value: string };
  skipHolidays: boolean;
  random?: () => number;
  pollIntervalMs?: number;
  staleClaimMs?: number;
  /** Registrations planned per query and insert. */
  planBatchSize?: number;
  /** Sends rendered and handed over per transaction. */
  sendBatchSize?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A later mail due this long ago, found outside its window, is moved to the next allowed time. */
const LATE_GRACE_MS = 60 * 60 * 1000;
/**
 * A stopped registration (its consent record and the mails sent under it) is kept this long after
 * the stop, then deleted: 特定電子メール法 asks the consent record to be kept for one month after
 * the last mail to the address (the privacy policy's 保存期間 says the same).
 */
const CONSENT_RECORD_KEEP_DAYS = 31;
const DEFAULT_POLL_INTERVAL_MS = 5_000;

/**
 * Individual training's lane of lib/jobs (`individual_training_pass`). A pass plans the current
 * Tokyo month for every active registration that has no mail in it yet (keyset batches: one query
 * for the registrations, one for their past lures, one multi-row insert), hands every due send to
 * the outbox in batches, and queues the next pass for the next due send or the start of next month,
 * whichever is first. A registration queues a pass of its own for its first mail. Planning is
 * idempotent (one send per registration per month, unique), and sends are claimed by
 * compare-and-set, so repeated or concurrent passes never send twice.
 */
export class IndividualDispatcher extends JobLane {
  protected readonly runner: JobRunner;
  /** The Tokyo month this process has planned in full (planning is idempotent; this only saves repeating it). */
  private plannedMonth: string | null = null;

  constructor(private readonly options: IndividualDispatcherOptions) {
    super();
    this.runner = new JobRunner({
      db: options.repo.db,
      handlers: { individual_training_pass: { run: (job, context) => this.pass(job, context) } },
      clock: options.clock,
      logger: options.logger,
      name: 'individual training dispatcher',
      pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      staleClaimMs: options.staleClaimMs ?? 5 * 60_000,
      batchSize: 1,
      baseBackoffMs: 10_000,
      maxBackoffMs: 10 * 60_000,
    });
  }

  /** Starts the lane; the first pass also makes sure the chain of passes exists (a new install, or a chain lost to an outage). */
  override start(): void {
    super.start();
    this.options.repo.passQueued(-1, null, true).then(
      async (queued) => {
        if (queued) return;
        const now = this.options.clock.now();
        await this.options.repo.enqueuePass(this.options.repo.db, now, now);
        this.kick();
      },
      (error: unknown) => this.options.logger.error({ err: error }, 'individual training: could not check the chain of passes'),
    );
  }

  /** Plans the month and hands over what is due (the job handler; tests call it through drain()). */
  private async pass(job: ClaimedJob<{ individual_training_pass: Record<string, never> }, 'individual_training_pass'>, context: JobContext): Promise<void> {
    const { repo, clock } = this.options;
    const now = clock.now();
    const month = tokyoMonth(now);
    // Passes follow the due sends (about one per business minute at scale): the month is planned
    // by this process's first pass in it, not by every pass (a registration plans its own first mail).
    if (this.plannedMonth !== month && (await this.planMonth(month, now)) !== null) this.plannedMonth = month;
    await this.handOverDue(now);
    const purged = await this.options.registrations.purgeStopped(new Date(now.getTime() - CONSENT_RECORD_KEEP_DAYS * DAY_MS));
    if (purged > 0) this.options.logger.info({ purged }, 'individual training: stopped registrations deleted after the consent record period');
    const nextMonth = tokyoMonthStart(nextTokyoMonth(month));
    const due = await repo.nextDue();
    const next = due && due < nextMonth ? due : nextMonth;
    if (await repo.passQueued(job.id, next)) return;
    await context.complete((trx) => repo.enqueuePass(trx, next, now));
  }

  /**
   * One mail in `month` for every active registration without one; answers how many were planned,
   * or null when nothing could be (no consumer lure yet: a worker started before the library's sync).
   */
  async planMonth(month: string, now: Date): Promise<number | null> {
    const { registrations, logger } = this.options;
    const random = this.options.random ?? Math.random;
    const batchSize = this.options.planBatchSize ?? 1000;
    const lures = await registrations.consumerLureIds();
    if (lures.length === 0) {
      logger.error({}, 'individual training: no consumer lure in the template library; nothing planned');
      return null;
    }
    let afterId = 0;
    let planned = 0;
    for (;;) {
      const { scanned, registrations: batch } = await registrations.unplanned(month, afterId, batchSize);
      if (scanned === null) return planned;
      afterId = scanned;
      const history = await registrations.lureHistory(batch.map((registration) => registration.email), new Date(now.getTime() - LURE_REPEAT_DAYS * DAY_MS));
      const sends: PlannedSend[] = [];
      for (const registration of batch) {
        const plannedAt = planMonthlySend({ month, now, previousAt: registration.previousAt, skipHolidays: this.options.skipHolidays, random });
        const templateId = chooseLure(lures, history.get(registration.email) ?? [], now, random);
        if (!plannedAt || templateId === null) continue;
        sends.push({ registrationId: registration.id, month, sequence: registration.lastSequence + 1, templateId, token: randomUrlSafeId(16), plannedAt });
      }
      await registrations.insertPlanned(sends, now);
      planned += sends.length;
    }
  }

  /**
   * Hands every due send over, batch by batch. A later mail found overdue by more than LATE_GRACE_MS
   * outside the weekday 9–17 window (the worker was down) is moved to the next allowed time instead
   * of going out on a Saturday night; the first mail always goes at once.
   */
  private async handOverDue(now: Date): Promise<void> {
    const { repo, clock } = this.options;
    const batchSize = this.options.sendBatchSize ?? 500;
    const rules = individualAllowRules(this.options.skipHolidays);
    const inWindow = allowedIntervals(rules, now, new Date(now.getTime() + 1000)).length > 0;
    for (;;) {
      const found = await repo.dueSends(now, batchSize);
      if (found.length === 0) return;
      const late = inWindow ? [] : found.filter((send) => send.sequence > 1 && now.getTime() - send.plannedAt.getTime() > LATE_GRACE_MS);
      if (late.length > 0) await repo.replan(new Map(late.map((send) => [send.id, firstAllowedHourMinute(rules, now, this.options.random ?? Math.random)])));
      const due = late.length > 0 ? found.filter((send) => !late.includes(send)) : found;
      if (due.length === 0) continue;
      const templates = await repo.templates(due.map((send) => send.templateId));
      const mails: RecipientMail[] = [];
      const composedAt = clock.now();
      for (const send of due) {
        const template = templates.get(send.templateId);
        if (!template) continue;
        mails.push({ recipientId: send.id, mail: composeIndividualMail(send, template, { ...this.options, now: composedAt }) });
      }
      if ((await repo.handOver(mails, clock.now())) > 0) this.options.kickMail();
      if (found.length < batchSize) return;
      // Let the mail worker start on this batch while the next one is rendered (SQLite's calls
      // are synchronous: without a turn of the event loop nothing is sent until all are handed over).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
