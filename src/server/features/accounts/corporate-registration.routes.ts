import type { FastifyInstance } from 'fastify';
import { completeRegistrationSchema, sendConfirmationSchema, verifyEmailSchema } from '../../../common/account.schema';
import { accountMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { parseOrThrow } from '../../errors';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { OpenApiRegistry } from '../openapi/openapi.registry';
import { messageResponseSchema, registrationResponseSchema, verifyEmailResponseSchema } from './accounts.schema';
import type { CorporateRegistrationService } from './corporate-registration.service';

const TAGS = ['Corporate registration'];

interface RouteDeps {
  service: CorporateRegistrationService;
  config: AppConfig;
  openapi: OpenApiRegistry;
  rateLimiters: RateLimiters;
}

/** SPEC §7 corporate registration: send-confirmation → verify-email → complete-registration. */
export function registerCorporateRegistrationRoutes(app: FastifyInstance, { service, config, openapi, rateLimiters }: RouteDeps): void {
  openapi.add({
    method: 'post', path: '/api/corporate/send-confirmation', summary: 'Mail a single-use sign-up link (24 h)', tags: TAGS,
    jsonBody: sendConfirmationSchema, responses: { 200: messageResponseSchema },
    errors: { 419: 'CSRF token missing or wrong', 422: 'Invalid address, agreements missing, or the address already has an account', 429: 'Too many mails for this client or address' },
  });
  app.post('/api/corporate/send-confirmation', {
    onRequest: rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.confirmationRateLimited }),
  }, async (request) => {
    const input = parseOrThrow(sendConfirmationSchema, request.body ?? {});
    await service.sendConfirmation(input.email);
    return { success: true, data: { message: accountMessages.confirmationSent } };
  });

  openapi.add({
    method: 'post', path: '/api/corporate/verify-email', summary: 'Check a sign-up link and read its address', tags: TAGS,
    jsonBody: verifyEmailSchema, responses: { 200: verifyEmailResponseSchema },
    errors: { 422: 'The link is invalid, used or expired' },
  });
  app.post('/api/corporate/verify-email', {
    onRequest: rateLimiters.hourly({ bucket: 'account-verify', max: config.rateLimits.login, message: accountMessages.loginRateLimited }),
  }, async (request) => {
    const { token } = parseOrThrow(verifyEmailSchema, request.body ?? {});
    return { success: true, data: await service.verifyEmail(token) };
  });

  openapi.add({
    method: 'post', path: '/api/corporate/complete-registration', summary: 'Create the tenant and its first administrator', tags: TAGS,
    jsonBody: completeRegistrationSchema, responses: { 201: registrationResponseSchema },
    errors: { 422: 'Invalid link, organisation name or password; or the address was registered meanwhile', 429: 'Too many registrations from this client' },
  });
  app.post('/api/corporate/complete-registration', {
    onRequest: rateLimiters.hourly({ bucket: 'register', max: config.rateLimits.register, message: accountMessages.registerRateLimited }),
  }, async (request, reply) => {
    const input = parseOrThrow(completeRegistrationSchema, request.body ?? {});
    const data = await service.complete({ token: input.token, organizationName: input.organization_name, password: input.password });
    return reply.status(201).send({ success: true, data });
  });
}
