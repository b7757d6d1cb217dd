import type { Clock } from '../../clock';
import type { OutgoingMail } from './mail-message';
import type { MailOutboxRepository } from './mail-outbox.repo';
import type { MailWorker } from './mail-worker';

/**
 * What services use to send mail. A mail caused by a database change is written by that change's
 * repository with `enqueueMail(trx, …)` inside its transaction; the service then calls `kick()`
 * after the commit so an in-process worker sends it at once (otherwise the next poll does).
 * A mail with no causing change is queued with `send()`.
 */
export class Mailer {
  constructor(
    private readonly repo: MailOutboxRepository,
    private readonly clock: Clock,
    readonly worker: MailWorker,
  ) {}

  /** Queues one mail on its own and asks the worker to send it. */
  async send(mail: OutgoingMail): Promise<number> {
    const id = await this.repo.enqueue(mail, this.clock.now());
    this.kick();
    return id;
  }

  /** Sends at once if this process runs the worker; a separate worker process finds it on its next poll. */
  kick(): void {
    if (this.worker.started) this.worker.kick();
  }
}
