import type { FastifyInstance } from 'fastify';
import { completeRegistrationSchema, sendConfirmationSchema, verifyEmailSchema } from '../../../common/account.schema';
import { accountMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { zodRoutes } from '../../lib/zod-route';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import { messageResponseSchema, registrationResponseSchema, verifyEmailResponseSchema } from './accounts.schema';
import type { CorporateRegistrationService } from './corporate-registration.service';

const TAGS = ['Corporate registration'];

interface RouteDeps {
  service: CorporateRegistrationService;
  config: AppConfig;
  rateLimiters: RateLimiters;
}

/** SPEC §7 corporate registration: send-confirmation → verify-email → complete-registration. */
export function registerCorporateRegistrationRoutes(app: FastifyInstance, { service, config, rateLimiters }: RouteDeps): void {
  const routes = zodRoutes(app);

  routes.post('/api/corporate/send-confirmation', {
    onRequest: rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.confirmationRateLimited }),
    schema: { body: sendConfirmationSchema, response: { 200: messageResponseSchema } },
    config: {
      openapi: {
        summary: 'Mail a single-use sign-up link (24 h)', tags: TAGS,
        errors: { 419: 'CSRF token missing or wrong', 422: 'Invalid address, agreements missing, or the address already has an account', 429: 'Too many mails for this client or address' },
      },
    },
  }, async (request) => {
    await service.sendConfirmation(request.body.email);
    return { success: true as const, data: { message: accountMessages.confirmationSent } };
  });

  routes.post('/api/corporate/verify-email', {
    onRequest: rateLimiters.hourly({ bucket: 'account-verify', max: config.rateLimits.login, message: accountMessages.loginRateLimited }),
    schema: { body: verifyEmailSchema, response: { 200: verifyEmailResponseSchema } },
    config: { openapi: { summary: 'Check a sign-up link and read its address', tags: TAGS, errors: { 422: 'The link is invalid, used or expired' } } },
  }, async (request) => ({ success: true as const, data: await service.verifyEmail(request.body.token) }));

  routes.post('/api/corporate/complete-registration', {
    onRequest: rateLimiters.hourly({ bucket: 'register', max: config.rateLimits.register, message: accountMessages.registerRateLimited }),
    schema: { body: completeRegistrationSchema, response: { 201: registrationResponseSchema } },
    config: {
      openapi: {
        summary: 'Create the tenant and its first administrator', tags: TAGS,
        errors: { 422: 'Invalid link, organisation name or password; or the address was registered meanwhile', 429: 'Too many registrations from this client' },
      },
    },
  }, async (request, reply) => {
    const { token, organization_name: organizationName, password } = request.body;
    const data = await service.complete({ token, organizationName, password });
    return reply.status(201).send({ success: true as const, data });
  });
}
