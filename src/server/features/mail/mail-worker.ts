import type { Clock } from '../../clock';
import { BackgroundLoop } from '../../lib/background-loop';
import { randomUrlSafeId } from '../../lib/secret-hash';
import { assertSafeEnvelope } from './mail-message';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repo';
import { classifyDeliveryError, type MailDeliveryError, type MailTransport } from './mail-transport';

export interface MailWorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  repo: MailOutboxRepository;
  transport: MailTransport;
  clock: Clock;
  logger: MailWorkerLogger;
  /** How often the outbox is looked at besides the kicks after an enqueue. */
  pollIntervalMs?: number;
  /** A `sending` claim older than this belongs to a process that died mid-delivery and is taken over. */
  staleClaimMs?: number;
  /** Delivery tries before a message is `failed` (temporary errors only; a 5xx fails at once). */
  maxAttempts?: number;
  /** First retry delay; doubled per try up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

const DEFAULTS = {
  pollIntervalMs: 5_000,
  staleClaimMs: 10 * 60_000,
  maxAttempts: 8,
  baseBackoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
};

/** Retry delay after the `attempts`-th failed try: base, 2×base, 4×base, … capped. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox, one message at a time per worker. Claims are safe between workers: on
 * PostgreSQL several workers (several machines) share one outbox through `FOR UPDATE SKIP LOCKED`;
 * on SQLite one worker runs and claims with a compare-and-set.
 *
 * Delivery is at-least-once: a message is marked `sent` only after the SMTP server accepted it.
 * If the process dies between that acceptance and the update, the claim goes stale and that one
 * message is sent a second time; nothing is ever lost, and no other message is duplicated.
 */
export class MailWorker {
  private readonly settings: typeof DEFAULTS;
  private readonly loop: BackgroundLoop;

  constructor(private readonly options: MailWorkerOptions) {
    this.settings = {
      pollIntervalMs: options.pollIntervalMs ?? DEFAULTS.pollIntervalMs,
      staleClaimMs: options.staleClaimMs ?? DEFAULTS.staleClaimMs,
      maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
      baseBackoffMs: options.baseBackoffMs ?? DEFAULTS.baseBackoffMs,
      maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
    };
    this.loop = new BackgroundLoop(() => this.deliverDue(), this.settings.pollIntervalMs);
  }

  get started(): boolean {
    return this.loop.started;
  }

  /** Polls now and then every `pollIntervalMs`. */
  start(): void {
    this.loop.start();
  }

  /** Asks for a run (after an enqueue, or from the poll timer); never waits for it. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends every message that is due now, then resolves (tests, and the first run). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Stops taking work and waits for the message in hand. */
  close(): Promise<void> {
    return this.loop.close();
  }

  private async deliverDue(): Promise<void> {
    try {
      while (!this.loop.closed) {
        const now = this.options.clock.now();
        const mail = await this.options.repo.claimNext(now, new Date(now.getTime() - this.settings.staleClaimMs), randomUrlSafeId());
        if (!mail) break;
        await this.deliver(mail);
      }
    } catch (error) {
      // The database is unreachable: the next poll tries again.
      this.options.logger.error({ err: error }, 'mail worker could not read the outbox');
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { repo, transport, clock, logger } = this.options;
    let failure: MailDeliveryError;
    try {
      assertSafeEnvelope(mail.envelope);
    } catch (error) {
      await repo.markFailed(mail, `refused before sending: ${(error as Error).message}`);
      logger.error({ mailId: mail.id }, 'mail refused: unsafe header');
      return;
    }
    try {
      const sent = await transport.send(mail.envelope);
      if (!(await repo.markSent(mail, clock.now()))) {
        logger.warn({ mailId: mail.id }, 'mail sent, but its claim had been taken over (it may be sent twice)');
      } else {
        logger.info({ mailId: mail.id, messageId: sent.messageId, attempts: mail.attempts }, 'mail sent');
      }
      return;
    } catch (error) {
      failure = classifyDeliveryError(error);
    }
    const reason = failure.responseCode ? `${failure.responseCode} ${failure.message}` : failure.message;
    if (!failure.temporary) {
      await repo.markFailed(mail, reason.slice(0, 2000));
      logger.error({ mailId: mail.id, reason }, 'mail refused permanently');
      return;
    }
    if (mail.attempts >= this.settings.maxAttempts) {
      await repo.markFailed(mail, `gave up after ${mail.attempts} attempts: ${reason}`.slice(0, 2000));
      logger.error({ mailId: mail.id, reason, attempts: mail.attempts }, 'mail given up after the last retry');
      return;
    }
    const delay = backoffDelay(mail.attempts, this.settings.baseBackoffMs, this.settings.maxBackoffMs);
    await repo.scheduleRetry(mail, new Date(clock.now().getTime() + delay), reason.slice(0, 2000));
    logger.warn({ mailId: mail.id, reason, attempts: mail.attempts, retryInMs: delay }, 'mail delivery failed; will retry');
  }
}
