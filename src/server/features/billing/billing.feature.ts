import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { JobLogger } from '../../lib/jobs/job-runner';
import type { ZodRoutes } from '../../lib/zod-route';
import { registerHouseAdRoutes } from './house-ads.routes';
import { InvoicesRepository } from './invoices.repo';
import { StripeEventsRepository } from './stripe-events.repo';
import { StripeGateway } from './stripe-gateway';
import { registerStripeWebhookRoutes } from './stripe-webhook.routes';
import { StripeWebhookService } from './stripe-webhook.service';
import { SubscriptionRenewalsRepository } from './subscription-renewals.repo';
import { SubscriptionService } from './subscription.service';
import { registerSubscriptionRoutes } from './subscription.routes';
import { SubscriptionsRepository } from './subscriptions.repo';

interface BillingFeatureDeps {
  db: DatabaseHandle['db'];
  clock: Clock;
  config: AppConfig;
  logger: JobLogger;
  /** Card payment exists only with the Stripe secrets (STRIPE_*): createStripeGateway. */
  stripe: StripeGateway | null;
}

export function createStripeGateway(config: AppConfig): StripeGateway | null {
  return config.stripe ? new StripeGateway(config.stripe) : null;
}

/** Plans and the subscription inside the tenant realm: repository → service → routes, wired once. */
export function registerBillingFeature(realm: ZodRoutes, { db, clock, config, logger, stripe: gateway }: BillingFeatureDeps): void {
  const service = new SubscriptionService({
    repo: new SubscriptionsRepository(db), clock, logger,
    card: gateway ? { gateway, appUrl: config.appUrl } : null,
  });
  registerSubscriptionRoutes(realm, { service });
  registerHouseAdRoutes(realm, { repo: new SubscriptionsRepository(db), ads: config.houseAds, clock });
}

/** The public, signed Stripe webhook (outside the tenant realm). */
export async function registerStripeWebhookFeature(app: FastifyInstance, { db, clock, logger, stripe: gateway }: Omit<BillingFeatureDeps, 'config'>): Promise<void> {
  const service = gateway
    ? new StripeWebhookService({
        gateway, clock, logger,
        subscriptions: new SubscriptionsRepository(db), renewals: new SubscriptionRenewalsRepository(db),
        invoices: new InvoicesRepository(db), events: new StripeEventsRepository(db),
      })
    : null;
  await registerStripeWebhookRoutes(app, { service });
}
