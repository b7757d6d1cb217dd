import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { normalizeEmail } from '../../../common/account.schema';
import {
  individualMessages,
  individualPaths,
  individualRegistrationAnswerSchema,
  individualRegistrationSchema,
} from '../../../common/individual-training.schema';
import type { AppConfig } from '../../config';
import { AppError, fieldErrorsFromZod } from '../../errors';
import type { SafeHtml } from '../../lib/html';
import { zodRoutes } from '../../lib/zod-route';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import { renderHostPage } from '../pages/host-page';
import type { WebAssets } from '../pages/web-assets';
import {
  INDIVIDUAL_PAGE_META,
  INDIVIDUAL_PAGE_MODULES,
  registrationCompleteBody,
  registrationPageBody,
  unsubscribeConfirmBody,
  unsubscribeDoneBody,
  unsubscribeInvalidBody,
  maskEmail,
} from './individual-pages';
import type { IndividualRegistrationService } from './individual-registration.service';

interface RouteDeps {
  service: IndividualRegistrationService;
  config: AppConfig;
  rateLimiters: RateLimiters;
  assets: () => WebAssets;
}

const TAGS = ['Individual training'];
const TOKEN = /^[A-Za-z0-9_-]{16,43}$/;
const FORM_BODY_LIMIT = 4096;

type PageBody = { title: string; description: string; path: string; body: SafeHtml; noindex?: boolean; lazyModules?: string[] };

/**
 * Individual training (SPEC §2.4, §7; issue 12): the JSON registration call, the registration page
 * (which also works as a plain HTML form without JavaScript), the complete page, and the one-click
 * unsubscribe (GET: a confirmation page; POST: stop, from that page or from a mail app, RFC 8058).
 */
export async function registerIndividualTrainingRoutes(app: FastifyInstance, { service, config, rateLimiters, assets }: RouteDeps): Promise<void> {
  const ipLimit = rateLimiters.hourly({ bucket: 'individual-register', max: config.rateLimits.individualRegister, message: individualMessages.rateLimitedIp });
  const addressLimit = rateLimiters.hourlyPerValue({
    bucket: 'individual-address', max: config.rateLimits.individualAddress, message: individualMessages.rateLimitedAddress,
    valueOf: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' && email.trim() !== '' ? normalizeEmail(email) : undefined;
    },
  });

  const page = (request: FastifyRequest, reply: FastifyReply, content: PageBody) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderHostPage(assets(), { csrfToken: app.issueCsrfToken(request, reply), appUrl: config.appUrl }, { lazyModules: [], ...content, frame: 'reports' }));

  const registrationPage = (request: FastifyRequest, reply: FastifyReply, state: { email: string; errors: Record<string, string[]>; termsAgreed?: boolean; privacyAgreed?: boolean }) =>
    page(request, reply, {
      ...INDIVIDUAL_PAGE_META.registration,
      path: individualPaths.registration,
      lazyModules: INDIVIDUAL_PAGE_MODULES.registration,
      body: registrationPageBody({ ...state, csrfToken: app.issueCsrfToken(request, reply), skipHolidays: config.training.individualSkipHolidays }),
    });

  // Both limits count after validation (a preHandler), on this route and on the plain form alike.
  zodRoutes(app).post(individualPaths.api, {
    preHandler: [...(ipLimit as unknown as preHandlerHookHandler[]), addressLimit],
    schema: { body: individualRegistrationSchema, response: { 200: individualRegistrationAnswerSchema } },
    config: {
      openapi: {
        summary: 'Register one\'s own address for a monthly training mail (the same answer for an address already registered)', tags: TAGS,
        errors: { 419: 'CSRF token missing or wrong', 422: 'Invalid address, or an agreement missing', 429: 'Too many registrations from this client, or attempts for this address' },
      },
    },
  }, async (request) => {
    await service.register(request.body.email, request.ip);
    return { success: true as const, status: 'registered' as const, message: individualMessages.registered };
  });

  app.get(individualPaths.registration, async (request, reply) => registrationPage(request, reply, { email: '', errors: {} }));

  app.get(individualPaths.complete, async (request, reply) =>
    page(request, reply, { ...INDIVIDUAL_PAGE_META.complete, path: individualPaths.complete, noindex: true, body: registrationCompleteBody({ skipHolidays: config.training.individualSkipHolidays }) }),
  );

  // The plain form (no JavaScript): the same checks and limits; errors re-render the page with what was entered.
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // Without JavaScript a refusal must be a page, not JSON: the form comes back with the reason in its general list.
    forms.setErrorHandler(async (error, request, reply) => {
      const onForm = request.routeOptions.url === individualPaths.registration;
      if (!onForm || !(error instanceof AppError) || (error.code !== 'RATE_LIMITED' && error.code !== 'CSRF_MISMATCH')) throw error;
      reply.status(error.statusCode);
      return registrationPage(request, reply, { email: formEmail(request), errors: { general: [error.message] } });
    });
    // As the JSON route: the CSRF check (a preHandler of this form route), then validation, then the
    // limits, so a request without the token or with invalid input is not counted.
    const validateForm: preHandlerHookHandler = async (request, reply) => {
      const parsed = individualRegistrationSchema.safeParse(request.body ?? {});
      if (parsed.success) return;
      const body = (request.body ?? {}) as Record<string, unknown>;
      return registrationPage(request, reply.status(422), {
        email: formEmail(request), errors: fieldErrorsFromZod(parsed.error), termsAgreed: body.terms_agreed === '1', privacyAgreed: body.privacy_agreed === '1',
      });
    };
    forms.post(individualPaths.registration, { preHandler: [validateForm, ...(ipLimit as unknown as preHandlerHookHandler[]), addressLimit] }, async (request, reply) => {
      await service.register(individualRegistrationSchema.parse(request.body).email, request.ip);
      return reply.redirect(individualPaths.complete, 303);
    });

    // Mail apps post `List-Unsubscribe=One-Click`; the confirmation page posts its form. Either stops at once.
    forms.post<{ Params: { token: string } }>('/phishing-training/unsubscribe/:token', async (request, reply) => {
      const { token } = request.params;
      const outcome = TOKEN.test(token) ? await service.unsubscribe(token) : 'unknown';
      if (outcome === 'unknown') return page(request, reply.status(404), { ...INDIVIDUAL_PAGE_META.unsubscribeInvalid, path: request.url, noindex: true, body: unsubscribeInvalidBody() });
      return page(request, reply, { ...INDIVIDUAL_PAGE_META.unsubscribeDone, path: request.url, noindex: true, body: unsubscribeDoneBody({ registrationUrl: individualPaths.registration }) });
    });
  });

  app.get<{ Params: { token: string } }>('/phishing-training/unsubscribe/:token', async (request, reply) => {
    const { token } = request.params;
    const registration = TOKEN.test(token) ? await service.findByUnsubscribeToken(token) : null;
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    if (!registration) return page(request, reply.status(404), { ...INDIVIDUAL_PAGE_META.unsubscribeInvalid, path: request.url, noindex: true, body: unsubscribeInvalidBody() });
    if (registration.activeId === null) {
      return page(request, reply, { ...INDIVIDUAL_PAGE_META.unsubscribeDone, path: request.url, noindex: true, body: unsubscribeDoneBody({ registrationUrl: individualPaths.registration }) });
    }
    return page(request, reply, {
      ...INDIVIDUAL_PAGE_META.unsubscribe,
      path: request.url,
      noindex: true,
      body: unsubscribeConfirmBody({ actionUrl: individualPaths.unsubscribe(token), maskedEmail: maskEmail(registration.email), csrfToken: app.issueCsrfToken(request, reply) }),
    });
  });
}

/** The address as entered in the plain form, to show it again. */
function formEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.slice(0, 254) : '';
}
