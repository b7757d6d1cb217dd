import type { Kysely } from 'kysely';
import { writeTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** Stripe webhook events already processed (by event id), so a delivered-again event changes nothing. */
export class StripeEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async seen(eventId: string): Promise<boolean> {
    return (await this.db.selectFrom('stripe_events').select('event_id').where('event_id', '=', eventId).executeTakeFirst()) !== undefined;
  }

  /** Records an event once processed; a second delivery that raced this one is ignored. */
  async record(eventId: string, type: string, now: Date): Promise<void> {
    await this.db
      .insertInto('stripe_events')
      .values({ event_id: eventId, type, processed_at: writeTimestamp(now) })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .execute();
  }
}
