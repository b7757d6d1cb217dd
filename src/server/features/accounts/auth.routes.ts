import type { FastifyInstance } from 'fastify';
import {
  emailChangeVerifySchema,
  loginSchema,
  passwordChangeSchema,
  passwordEmailSchema,
  passwordResetSchema,
  profileSchema,
  registerCorporateSchema,
  registerIndividualSchema,
} from '../../../common/account.schema';
import { accountMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { zodRoutes } from '../../lib/zod-route';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { AccountSettingsService } from './account-settings.service';
import {
  currentUserResponseSchema,
  emailChangeResponseSchema,
  individualSessionResponseSchema,
  messageResponseSchema,
  passwordChangeResponseSchema,
  profileResponseSchema,
  sessionResponseSchema,
} from './accounts.schema';
import type { AuthService } from './auth.service';
import { bearerGuard, principalOf } from './bearer-auth';

const TAGS = ['Auth'];

interface RouteDeps {
  auth: AuthService;
  settings: AccountSettingsService;
  config: AppConfig;
  rateLimiters: RateLimiters;
}

/** SPEC §7 auth: bearer tokens kept by the client in local storage. Each route is declared once (lib/zod-route). */
export function registerAuthRoutes(app: FastifyInstance, { auth, settings, config, rateLimiters }: RouteDeps): void {
  const routes = zodRoutes(app);
  // The guards run before validation (preValidation), so an anonymous caller gets 401, never a 422 about its body.
  const guard = bearerGuard(auth);
  const guardAllowingUnconfirmed = bearerGuard(auth, { allowUnconfirmed: true });
  const bearer = { 401: accountMessages.unauthenticated, 403: accountMessages.emailUnconfirmed };
  const bearerAnyAccount = { 401: accountMessages.unauthenticated };
  const loginLimit = rateLimiters.hourly({ bucket: 'login', max: config.rateLimits.login, message: accountMessages.loginRateLimited });
  const mailLimit = rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.resetRateLimited });
  // Same per-IP bucket as the other account mails, worded for a confirmation mail.
  const confirmationMailLimit = rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.confirmationRateLimited });
  const registerLimit = rateLimiters.hourly({ bucket: 'register', max: config.rateLimits.register, message: accountMessages.registerRateLimited });

  routes.post('/api/auth/login', {
    onRequest: loginLimit,
    schema: { body: loginSchema, response: { 200: sessionResponseSchema } },
    config: {
      openapi: {
        summary: 'Sign in; answers user, tenant and a bearer token', tags: TAGS,
        errors: { 422: 'Wrong address or password', 429: 'Too many attempts from this client, or the account is locked for a while' },
      },
    },
  }, async (request) => ({ success: true as const, data: await auth.login(request.body.email, request.body.password) }));

  routes.post('/api/auth/logout', {
    preValidation: guardAllowingUnconfirmed,
    schema: { response: { 200: messageResponseSchema } },
    config: { openapi: { summary: 'End this session', tags: TAGS, errors: bearerAnyAccount } },
  }, async (request) => {
    await auth.logout(principalOf(request));
    return { success: true as const, data: { message: accountMessages.loggedOut } };
  });

  routes.get('/api/auth/user', {
    preValidation: guardAllowingUnconfirmed,
    schema: { response: { 200: currentUserResponseSchema } },
    config: { openapi: { summary: 'The signed-in user and tenant', tags: TAGS, errors: bearerAnyAccount } },
  }, async (request) => ({ success: true as const, data: await auth.currentUser(principalOf(request)) }));

  routes.post('/api/auth/email/confirmation', {
    onRequest: confirmationMailLimit,
    preValidation: guardAllowingUnconfirmed,
    schema: { response: { 200: messageResponseSchema } },
    config: {
      openapi: {
        summary: 'Mail a new confirmation link to a directly registered account that has not confirmed its address', tags: TAGS,
        errors: { ...bearerAnyAccount, 429: 'Too many confirmation mails for this client or address' },
      },
    },
  }, async (request) => ({ success: true as const, data: await auth.resendConfirmation(principalOf(request)) }));

  routes.put('/api/auth/profile', {
    preValidation: guard,
    schema: { body: profileSchema, response: { 200: profileResponseSchema } },
    config: {
      openapi: {
        summary: 'Change the name; a new address is applied after its mailed link is opened', tags: TAGS,
        errors: { ...bearer, 422: 'Invalid name or address, or the address is taken' },
      },
    },
  }, async (request) => ({ success: true as const, data: await settings.updateProfile(principalOf(request), request.body) }));

  routes.post('/api/auth/email/verify', {
    onRequest: loginLimit,
    schema: { body: emailChangeVerifySchema, response: { 200: emailChangeResponseSchema } },
    config: {
      openapi: {
        summary: 'Open a mailed address link: confirm an address change, or a direct registration\'s address', tags: TAGS,
        errors: { 422: 'The link is invalid, used or expired' },
      },
    },
  }, async (request) => ({ success: true as const, data: await settings.confirmAddress(request.body.token) }));

  routes.put('/api/auth/password', {
    onRequest: loginLimit,
    preValidation: guard,
    schema: { body: passwordChangeSchema, response: { 200: passwordChangeResponseSchema } },
    config: {
      openapi: {
        summary: 'Change the password; ends every session and answers a new token', tags: TAGS,
        errors: { ...bearer, 422: 'Wrong current password or a new one that breaks the rules' },
      },
    },
  }, async (request) => {
    const { current_password: currentPassword, password } = request.body;
    const { token } = await settings.changePassword(principalOf(request), { currentPassword, password });
    return { success: true as const, data: { token, message: accountMessages.passwordChanged } };
  });

  routes.post('/api/auth/password/email', {
    onRequest: mailLimit,
    schema: { body: passwordEmailSchema, response: { 200: messageResponseSchema } },
    config: {
      openapi: {
        summary: 'Mail a password reset link (same answer whether or not the address has an account)', tags: TAGS,
        errors: { 422: 'Invalid address', 429: 'Too many requests from this client' },
      },
    },
  }, async (request) => {
    await settings.requestPasswordReset(request.body.email);
    return { success: true as const, data: { message: accountMessages.resetMailSent } };
  });

  routes.post('/api/auth/password/reset', {
    onRequest: loginLimit,
    schema: { body: passwordResetSchema, response: { 200: messageResponseSchema } },
    config: { openapi: { summary: 'Set a new password from a mailed link', tags: TAGS, errors: { 422: 'Invalid link or password' } } },
  }, async (request) => {
    const { token, email, password } = request.body;
    await settings.resetPassword({ token, email, password });
    return { success: true as const, data: { message: accountMessages.passwordReset } };
  });

  routes.post('/api/auth/register/individual', {
    onRequest: registerLimit,
    schema: { body: registerIndividualSchema, response: { 201: individualSessionResponseSchema } },
    config: {
      openapi: {
        summary: 'Create an individual account, signed in but unconfirmed until the mailed link is opened', tags: TAGS,
        errors: { 422: 'Invalid input or the address is taken', 429: 'Too many registrations' },
      },
    },
  }, async (request, reply) => {
    const { email, password, name } = request.body;
    const session = await auth.register({ email, password, name: name ?? '', companyName: null });
    return reply.status(201).send({ success: true as const, data: { user: session.user, token: session.token } });
  });

  routes.post('/api/auth/register/corporate', {
    onRequest: registerLimit,
    schema: { body: registerCorporateSchema, response: { 201: sessionResponseSchema } },
    config: {
      openapi: {
        summary: 'Create a tenant and its administrator, signed in but unconfirmed until the mailed link is opened', tags: TAGS,
        errors: { 422: 'Invalid input or the address is taken', 429: 'Too many registrations' },
      },
    },
  }, async (request, reply) => {
    const { email, password, name, organization_name: companyName } = request.body;
    const session = await auth.register({ email, password, name: name ?? '', companyName });
    return reply.status(201).send({ success: true as const, data: session });
  });
}
