import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import type { ZodRoutes } from '../../lib/zod-route';
import { SubscriptionService } from './subscription.service';
import { registerSubscriptionRoutes } from './subscription.routes';
import { SubscriptionsRepository } from './subscriptions.repo';

/** Plans and the subscription inside the tenant realm: repository → service → routes, wired once. */
export function registerBillingFeature(realm: ZodRoutes, { db, clock }: { db: DatabaseHandle['db']; clock: Clock }): void {
  // Card payment needs Stripe, which this build does not integrate: 請求書払い only.
  const service = new SubscriptionService({ repo: new SubscriptionsRepository(db), clock, cardAvailable: false });
  registerSubscriptionRoutes(realm, { service });
}
