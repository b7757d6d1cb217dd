import { monthlyMailLimit } from '../../../common/plans';
import { campaignMessages } from '../../../common/messages';
import type { Clock } from '../../clock';
import type { ClaimedJob } from '../../lib/jobs/jobs.repo';
import { type JobContext, type JobLogger, JobRunner } from '../../lib/jobs/job-runner';
import { JobLane } from '../../lib/jobs/job-lane';
import type { RecipientMail } from '../mail/mail-outbox.repo';
import { composeTrainingMail } from './campaign-mail';
import type { CampaignDispatchRepository, DispatchCampaign } from './campaign-dispatch.repo';

export interface CampaignDispatcherOptions {
  repo: CampaignDispatchRepository;
  clock: Clock;
  logger: JobLogger;
  /** Starts the mail worker after a batch is committed. */
  kickMail: () => void;
  trainingDomain: string;
  trackingUrl: string;
  header: { name: string; value: string };
  /** CAMPAIGN_TRACKING_DAYS: how long opens and clicks still arrive after the last send. */
  trackingDays: number;
  pollIntervalMs?: number;
  staleClaimMs?: number;
  /** Recipients rendered and handed over per transaction. */
  batchSize?: number;
}

/** While mails are still in the outbox, look again this soon to see the campaign through. */
const IN_FLIGHT_RECHECK_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_POLL_INTERVAL_MS = 5_000;

/**
 * Moves campaigns along (the `dispatch_campaign` job, one lane of lib/jobs): a pass hands the
 * recipients that are due to the mail outbox in batches (one query for the due rows, rendering in
 * memory, one transaction with multi-row inserts per batch: no per-recipient round trip and
 * nothing that grows with the square of the campaign), moves scheduled → running at the first
 * send, and queues its own next pass for the next due time, or for the end of the tracking window,
 * when the campaign completes. Paused, completed and deleted campaigns end the chain; a resume
 * starts a new one. Claims are by compare-and-set, so a repeated or concurrent pass never sends a
 * recipient twice.
 */
export class CampaignDispatcher extends JobLane {
  protected readonly runner: JobRunner;
  /** Kicks the runner when a next pass falls due before the next poll. */
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeDueAt = 0;

  constructor(private readonly options: CampaignDispatcherOptions) {
    super();
    this.runner = new JobRunner({
      db: options.repo.db,
      handlers: { dispatch_campaign: { run: (job, context) => this.pass(job, context) } },
      clock: options.clock,
      logger: options.logger,
      name: 'campaign dispatcher',
      pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      staleClaimMs: options.staleClaimMs ?? 5 * 60_000,
      // One pass at a time per claim: another worker takes the next campaign's pass meanwhile.
      batchSize: 1,
      baseBackoffMs: 10_000,
      maxBackoffMs: 10 * 60_000,
    });
  }

  /** A pass now; with `dueAt` (the first send of a campaign just launched or resumed), another one then. */
  override kick(dueAt?: Date): void {
    this.runner.kick();
    if (dueAt) this.wakeAt(dueAt, this.options.clock.now());
  }

  override close(): Promise<void> {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    return this.runner.close();
  }

  private async pass(job: ClaimedJob<{ dispatch_campaign: { campaignId: number } }, 'dispatch_campaign'>, context: JobContext): Promise<void> {
    const { repo, clock } = this.options;
    const campaign = await repo.campaign(job.payload.campaignId);
    if (!campaign || (campaign.status !== 'scheduled' && campaign.status !== 'running')) return;
    const now = clock.now();
    const firstDue = await repo.nextDue(campaign.id);
    if (campaign.status === 'scheduled') {
      if (firstDue && firstDue > now) {
        await context.complete((trx) => repo.enqueueNextPass(trx, campaign.id, firstDue, now));
        this.wakeAt(firstDue, now);
        return;
      }
      await repo.moveStatus(campaign.id, 'scheduled', 'running', now);
    }
    if (await this.handOverDue(campaign, now)) return;
    const next = await repo.nextDue(campaign.id);
    if (next) {
      await context.complete((trx) => repo.enqueueNextPass(trx, campaign.id, next, now));
      this.wakeAt(next, now);
      return;
    }
    if ((await repo.inFlight(campaign.id)) > 0) {
      await context.complete((trx) => repo.enqueueNextPass(trx, campaign.id, new Date(now.getTime() + IN_FLIGHT_RECHECK_MS), now));
      return;
    }
    const trackingEnds = new Date(((await repo.lastSentAt(campaign.id)) ?? now).getTime() + this.options.trackingDays * DAY_MS);
    if (trackingEnds <= now) {
      await repo.moveStatus(campaign.id, 'running', 'completed', now);
      this.options.logger.info({ campaignId: campaign.id }, 'campaign completed: last mail sent and tracking window over');
      return;
    }
    await context.complete((trx) => repo.enqueueNextPass(trx, campaign.id, trackingEnds, now));
  }

  /**
   * Planned times are whole seconds, so a campaign launched to start now is first due up to a
   * second later, after the kick that follows the launch; without a wake-up its first pass (and a
   * next pass due within seconds) would wait for the next poll, 5 s by default. Only while the
   * runner is started (tests drive it with drain() and their own clock).
   */
  private wakeAt(runAt: Date, now: Date): void {
    const delay = runAt.getTime() - now.getTime();
    if (!this.runner.started || this.runner.closed || delay >= (this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS)) return;
    // One timer serves every campaign: an earlier wake-up already set covers this one too (its pass finds all that is due).
    if (this.wakeTimer && this.wakeDueAt <= runAt.getTime()) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeDueAt = runAt.getTime();
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.kick();
    }, Math.max(0, delay) + 1);
    this.wakeTimer.unref();
  }

  /** Hands every due recipient over, batch by batch. True when the campaign stopped meanwhile (a pause). */
  private async handOverDue(campaign: DispatchCampaign, now: Date): Promise<boolean> {
    const { repo, clock } = this.options;
    const batchSize = this.options.batchSize ?? 500;
    const monthlyLimit = monthlyMailLimit(campaign.plan);
    for (;;) {
      const due = await repo.dueRecipients(campaign.id, now, batchSize);
      if (due.length === 0) return false;
      const templates = await repo.templates(due.map((recipient) => recipient.templateId));
      const mails: RecipientMail[] = [];
      for (const recipient of due) {
        const template = templates.get(recipient.templateId);
        if (!template) continue;
        mails.push({
          recipientId: recipient.id,
          mail: composeTrainingMail({
            template, recipient, companyName: campaign.companyName, now: clock.now(),
            trackingUrl: this.options.trackingUrl, trainingDomain: this.options.trainingDomain, header: this.options.header,
          }),
        });
      }
      const result = await repo.handOver(campaign, mails, { now: clock.now(), monthlyLimit, overAllowanceReason: campaignMessages.allowanceExhaustedAtSend });
      if (result.stopped) return true;
      if (result.queued > 0) this.options.kickMail();
      if (result.overAllowance > 0) this.options.logger.warn({ campaignId: campaign.id, count: result.overAllowance }, 'free monthly allowance used up: recipients left unsent');
      if (due.length < batchSize) return false;
    }
  }
}
