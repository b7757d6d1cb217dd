import type { Clock } from '../../clock';
import { type JobContext, JobFailure, JobRunner } from '../../lib/jobs/job-runner';
import { JobLane } from '../../lib/jobs/job-lane';
import type { JobTransaction } from '../../lib/jobs/jobs.repo';
import { assertSafeEnvelope } from './mail-message';
import type { MailOutboxRepository, MailTargetKind } from './mail-outbox.repo';
import { classifyDeliveryError, type MailTransport, type SentMail, SMTP_POOL_CONNECTIONS } from './mail-transport';

export interface MailWorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Told about a training mail's outcome in the transaction that records it: one listener per kind
 * of target (a campaign recipient: features/campaigns/campaign-dispatch.repo.ts; an individual
 * send: features/individual-training/individual-dispatch.repo.ts). Each answers only for mails of
 * its own kind (its SQL names its own outbox column), so a listener may be told about any mail.
 */
export interface MailDeliveryListener {
  /**
   * Asked just before a training mail goes to SMTP: false when it is no longer wanted (its campaign
   * was paused or ended after a worker had claimed it), and it is then withdrawn instead of sent.
   */
  stillWanted(recipientId: number): Promise<boolean>;
  /** Records the withdrawal in the transaction that finishes the job. */
  withdrawn(trx: JobTransaction, mailId: number): Promise<void>;
  /** `targetId`: the row the mail is for, as the worker read it with the mail (saves looking it up again). */
  delivered(trx: JobTransaction, mailId: number, at: Date, targetId?: number): Promise<void>;
  failed(trx: JobTransaction, mailId: number, reason: string): Promise<void>;
}

export interface MailWorkerOptions {
  repo: MailOutboxRepository;
  transport: MailTransport;
  clock: Clock;
  logger: MailWorkerLogger;
  /** How often the outbox is looked at besides the kicks after an enqueue. */
  pollIntervalMs?: number;
  /** A claim older than this belongs to a process that died mid-delivery and is taken over. */
  staleClaimMs?: number;
  /** Caps delivery tries before a message is `failed` (temporary errors only; a 5xx fails at once). */
  maxAttempts?: number;
  /** First retry delay; doubled per try up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Who is told about training mails, by the kind of their target. */
  deliveryListeners?: Partial<Record<MailTargetKind, MailDeliveryListener>>;
  /** Messages sent at once (default: the SMTP pool's connections). */
  concurrency?: number;
  /** Messages claimed at once (default BATCH_SIZE). */
  batchSize?: number;
}

const DEFAULTS = {
  pollIntervalMs: 5_000,
  staleClaimMs: 10 * 60_000,
  baseBackoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
};
/** Messages claimed at once; each claim is restamped when its turn comes, so none goes stale waiting. */
const BATCH_SIZE = 50;
/**
 * Messages in flight: twice the SMTP pool's connections (mail-transport.ts), so one message's
 * database work (reading it, recording its outcome) overlaps another's SMTP exchange and no
 * connection waits for the database.
 */
export const DEFAULT_MAIL_CONCURRENCY = 2 * SMTP_POOL_CONNECTIONS;

/**
 * Delivers the outbox: the `send_mail` handler on a job runner (lib/jobs). Claims are safe between
 * workers: on PostgreSQL several workers (several machines) share one outbox through
 * `FOR UPDATE SKIP LOCKED`; on SQLite one worker runs and claims with one atomic update.
 *
 * Delivery is at-least-once: a message is marked `sent` only after the SMTP server accepted it.
 * If the process dies between that acceptance and the update, the claim goes stale and that one
 * message is sent a second time; nothing is ever lost, and no other message is duplicated.
 * SMTP 4xx and connection trouble are retried with backoff (the job's max_attempts, 8, or
 * `maxAttempts`); a 5xx, or a stored message with an unsafe header, fails at once with the reason.
 */
export class MailWorker extends JobLane {
  protected readonly runner: JobRunner;

  constructor(private readonly options: MailWorkerOptions) {
    super();
    const { repo, clock, logger } = options;
    this.runner = new JobRunner({
      db: repo.db,
      handlers: {
        send_mail: {
          run: (job, context) => this.deliver(job.payload.mailId, job.id, context),
          // Only the mail id is at hand here; each listener changes only a mail of its own kind.
          onFailed: async (trx, job, reason) => {
            for (const listener of Object.values(options.deliveryListeners ?? {})) await listener.failed(trx, job.payload.mailId, reason);
          },
        },
      },
      clock,
      logger,
      name: 'mail worker',
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      staleClaimMs: options.staleClaimMs ?? DEFAULTS.staleClaimMs,
      batchSize: options.batchSize ?? BATCH_SIZE,
      concurrency: options.concurrency ?? DEFAULT_MAIL_CONCURRENCY,
      baseBackoffMs: options.baseBackoffMs ?? DEFAULTS.baseBackoffMs,
      maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    });
  }






  private async deliver(mailId: number, jobId: number, context: JobContext): Promise<void> {
    const { repo, transport, clock, logger } = this.options;
    const envelope = await repo.findEnvelope(mailId, jobId);
    if (!envelope) {
      logger.warn({ mailId }, 'mail job without its outbox row; nothing to send');
      return;
    }
    try {
      assertSafeEnvelope(envelope);
    } catch (error) {
      logger.error({ mailId }, 'mail refused: unsafe header');
      throw new JobFailure(`refused before sending: ${(error as Error).message}`, true);
    }
    const listener = envelope.target ? this.options.deliveryListeners?.[envelope.target.kind] : undefined;
    if (envelope.target && listener && !(await listener.stillWanted(envelope.target.id))) {
      await context.complete((trx) => listener.withdrawn(trx, mailId));
      logger.info({ mailId, target: envelope.target.kind }, 'training mail withdrawn: no longer wanted (campaign paused or ended, or unsubscribed)');
      return;
    }
    let sent: SentMail;
    try {
      sent = await transport.send(envelope);
    } catch (error) {
      const failure = classifyDeliveryError(error);
      const reason = failure.responseCode ? `${failure.responseCode} ${failure.message}` : failure.message;
      throw new JobFailure(reason, !failure.temporary);
    }
    const sentAt = clock.now();
    const recorded = await context.complete(async (trx) => {
      await repo.markSent(trx, mailId, sentAt);
      if (listener && envelope.target) await listener.delivered(trx, mailId, sentAt, envelope.target.id);
    });
    if (recorded) {
      logger.info({ mailId, messageId: sent.messageId }, 'mail sent');
    } else {
      logger.warn({ mailId }, 'mail sent, but its claim had been taken over (it may be sent twice)');
    }
  }
}
