import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';
import { billingMessages as m } from '../../../common/billing-messages';
import { AppError } from '../../errors';
import { zodRoutes } from '../../lib/zod-route';
import type { StripeWebhookService } from './stripe-webhook.service';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** A Stripe event is a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });

/**
 * POST /api/webhooks/stripe: public (Stripe has no session or CSRF token), and proven by the
 * Stripe-Signature header over the exact bytes received, so the body is kept raw here instead of
 * being parsed as JSON first. Without the Stripe secrets every event fails the signature check.
 */
export async function registerStripeWebhookRoutes(root: FastifyInstance, { service }: { service: StripeWebhookService | null }): Promise<void> {
  await root.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    zodRoutes(scope).post(STRIPE_WEBHOOK_PATH, {
      schema: { response: { 200: successEnvelope(webhookAnswerSchema) } },
      config: {
        openapi: {
          summary: 'Stripe webhook (card payments): signed events only; each event is applied once',
          tags: ['Plans and billing'],
          errors: { 400: m.webhookSignatureInvalid, 503: m.webhookNotApplicable },
        },
      },
    }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!service) throw new AppError('BAD_REQUEST', m.webhookSignatureInvalid);
      const outcome = await service.receive(body, typeof signature === 'string' ? signature : undefined);
      return { success: true as const, data: { received: true as const, outcome } };
    });
  });
}
