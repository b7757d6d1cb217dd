import type { Clock } from '../../clock';
import type { ClaimedJob } from '../../lib/jobs/jobs.repo';
import { type JobContext, type JobLogger, JobRunner } from '../../lib/jobs/job-runner';
import { JobLane } from '../../lib/jobs/job-lane';
import { nextTokyoMonth, tokyoMonth, tokyoMonthStart } from '../../lib/time-format';
import type { SubscriptionRenewalsRepository } from './subscription-renewals.repo';

export interface InvoiceIssuerOptions {
  repo: SubscriptionRenewalsRepository;
  clock: Clock;
  logger: JobLogger;
  pollIntervalMs?: number;
  staleClaimMs?: number;
  /** Subscriptions read per query. */
  batchSize?: number;
}

/** The catch-up loop stops after this many renewals in one pass (a worker down for years); the next pass goes on. */
const MAX_RENEWALS_PER_PASS = 100_000;

/**
 * The monthly invoice job, a lane of lib/jobs (`invoice_issue_pass`). A pass renews every
 * subscription whose paid period has ended (a pending cancellation or downgrade first, else the next
 * period and its invoice), then queues the next pass for the start of the next Tokyo month (00:00
 * Asia/Tokyo on the 1st) or the earliest period end before it. A worker that was down catches up on
 * its first pass: a period still ended after one renewal is renewed again, one invoice per period.
 *
 * Exactly once per tenant and period, with any number of workers and passes: each renewal is a
 * compare-and-set on the subscription's period end (subscription-renewals.repo.ts), and the
 * invoice's unique (tenant, period start) refuses a second one.
 */
export class InvoiceIssuer extends JobLane {
  protected readonly runner: JobRunner;

  constructor(private readonly options: InvoiceIssuerOptions) {
    super();
    this.runner = new JobRunner({
      db: options.repo.db,
      handlers: { invoice_issue_pass: { run: (job, context) => this.pass(job, context) } },
      clock: options.clock,
      logger: options.logger,
      name: 'invoice issuer',
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      staleClaimMs: options.staleClaimMs ?? 10 * 60_000,
      batchSize: 1,
      baseBackoffMs: 30_000,
      maxBackoffMs: 30 * 60_000,
    });
  }

  /** Starts the lane and makes sure the chain of passes exists (a new install, or a chain lost to an outage). */
  override start(): void {
    super.start();
    this.ensureScheduled().then(
      (queued) => {
        if (queued) this.kick();
      },
      (error: unknown) => this.options.logger.error({ err: error }, 'invoice issuer: could not check the chain of passes'),
    );
  }

  /** Queues a pass for now unless one is queued or running; true when it queued one. */
  async ensureScheduled(): Promise<boolean> {
    const { repo, clock } = this.options;
    if (await repo.passQueued(-1, null, true)) return false;
    const now = clock.now();
    await repo.enqueuePass(repo.db, now, now);
    return true;
  }

  private async pass(job: ClaimedJob<{ invoice_issue_pass: Record<string, never> }, 'invoice_issue_pass'>, context: JobContext): Promise<void> {
    const { repo, clock } = this.options;
    const now = clock.now();
    await this.renewDue(now);
    const nextMonth = tokyoMonthStart(nextTokyoMonth(tokyoMonth(now)));
    const periodEnd = await repo.nextPeriodEnd(now);
    const next = periodEnd && periodEnd < nextMonth ? periodEnd : nextMonth;
    if (await repo.passQueued(job.id, next)) return;
    await context.complete((trx) => repo.enqueuePass(trx, next, now));
  }

  /** Renews every subscription due at `now`, batch by batch, until none is left. */
  async renewDue(now: Date): Promise<{ renewed: number; cancelled: number }> {
    const { repo, logger } = this.options;
    const counts = { renewed: 0, cancelled: 0 };
    // Each (tenant, period) is tried once per pass: one found again was neither renewed here nor moved on elsewhere.
    const tried = new Set<string>();
    while (tried.size < MAX_RENEWALS_PER_PASS) {
      const due = await repo.due(now, this.options.batchSize ?? 200);
      if (due.length === 0) break;
      for (const subscription of due) {
        const key = `${subscription.tenantId}@${subscription.periodEnd.toISOString()}:${subscription.plan}→${subscription.pendingPlan ?? ''}`;
        if (tried.has(key)) throw new Error(`invoice issuer: the period of tenant ${subscription.tenantId} ending ${key} did not move on`);
        tried.add(key);
        const outcome = await repo.renew(subscription, now);
        if (outcome.kind === 'cancelled') {
          counts.cancelled += 1;
          logger.info({ tenantId: subscription.tenantId }, 'invoice issuer: cancellation applied at the end of the paid period; the tenant is on the free plan');
        } else if (outcome.kind === 'renewed' || outcome.kind === 'renewed_without_invoice') {
          counts.renewed += 1;
          if (outcome.kind === 'renewed_without_invoice') {
            logger.warn({ tenantId: subscription.tenantId, plan: outcome.plan }, 'invoice issuer: a plan without a list price was renewed without an invoice');
          }
        }
      }
    }
    if (counts.renewed + counts.cancelled > 0) logger.info(counts, 'invoice issuer: subscriptions renewed');
    return counts;
  }
}
