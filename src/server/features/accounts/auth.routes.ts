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
import { parseOrThrow } from '../../errors';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { OpenApiRegistry } from '../openapi/openapi.registry';
import type { AccountSettingsService } from './account-settings.service';
import {
  currentUserResponseSchema,
  emailChangeResponseSchema,
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
  openapi: OpenApiRegistry;
  rateLimiters: RateLimiters;
}

/** SPEC §7 auth: bearer tokens kept by the client in local storage. */
export function registerAuthRoutes(app: FastifyInstance, { auth, settings, config, openapi, rateLimiters }: RouteDeps): void {
  const guard = bearerGuard(auth);
  const guardAllowingUnconfirmed = bearerGuard(auth, { allowUnconfirmed: true });
  const bearer = { 401: accountMessages.unauthenticated, 403: accountMessages.emailUnconfirmed };
  const bearerAnyAccount = { 401: accountMessages.unauthenticated };
  const loginLimit = rateLimiters.hourly({ bucket: 'login', max: config.rateLimits.login, message: accountMessages.loginRateLimited });
  const mailLimit = rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.resetRateLimited });
  // Same per-IP bucket as the other account mails, worded for a confirmation mail.
  const confirmationMailLimit = rateLimiters.hourly({ bucket: 'account-mail', max: config.rateLimits.accountMail, message: accountMessages.confirmationRateLimited });
  const registerLimit = rateLimiters.hourly({ bucket: 'register', max: config.rateLimits.register, message: accountMessages.registerRateLimited });

  openapi.add({
    method: 'post', path: '/api/auth/login', summary: 'Sign in; answers user, tenant and a bearer token', tags: TAGS,
    jsonBody: loginSchema, responses: { 200: sessionResponseSchema },
    errors: { 422: 'Wrong address or password', 429: 'Too many attempts from this client, or the account is locked for a while' },
  });
  app.post('/api/auth/login', { onRequest: loginLimit }, async (request) => {
    const input = parseOrThrow(loginSchema, request.body ?? {});
    return { success: true, data: await auth.login(input.email, input.password) };
  });

  openapi.add({ method: 'post', path: '/api/auth/logout', summary: 'End this session', tags: TAGS, responses: { 200: messageResponseSchema }, errors: bearerAnyAccount });
  app.post('/api/auth/logout', { preHandler: guardAllowingUnconfirmed }, async (request) => {
    await auth.logout(principalOf(request));
    return { success: true, data: { message: accountMessages.loggedOut } };
  });

  openapi.add({ method: 'get', path: '/api/auth/user', summary: 'The signed-in user and tenant', tags: TAGS, responses: { 200: currentUserResponseSchema }, errors: bearerAnyAccount });
  app.get('/api/auth/user', { preHandler: guardAllowingUnconfirmed }, async (request) => ({ success: true, data: await auth.currentUser(principalOf(request)) }));

  openapi.add({
    method: 'post', path: '/api/auth/email/confirmation', summary: 'Mail a new confirmation link to a directly registered account that has not confirmed its address', tags: TAGS,
    responses: { 200: messageResponseSchema }, errors: { ...bearerAnyAccount, 429: 'Too many confirmation mails for this client or address' },
  });
  app.post('/api/auth/email/confirmation', { preHandler: guardAllowingUnconfirmed, onRequest: confirmationMailLimit }, async (request) => ({
    success: true,
    data: await auth.resendConfirmation(principalOf(request)),
  }));

  openapi.add({
    method: 'put', path: '/api/auth/profile', summary: 'Change the name; a new address is applied after its mailed link is opened', tags: TAGS,
    jsonBody: profileSchema, responses: { 200: profileResponseSchema }, errors: { ...bearer, 422: 'Invalid name or address, or the address is taken' },
  });
  app.put('/api/auth/profile', { preHandler: guard }, async (request) => {
    const input = parseOrThrow(profileSchema, request.body ?? {});
    return { success: true, data: await settings.updateProfile(principalOf(request), input) };
  });

  openapi.add({
    method: 'post', path: '/api/auth/email/verify', summary: 'Open a mailed address link: confirm an address change, or a direct registration\'s address', tags: TAGS,
    jsonBody: emailChangeVerifySchema, responses: { 200: emailChangeResponseSchema }, errors: { 422: 'The link is invalid, used or expired' },
  });
  app.post('/api/auth/email/verify', { onRequest: loginLimit }, async (request) => {
    const { token } = parseOrThrow(emailChangeVerifySchema, request.body ?? {});
    return { success: true, data: await settings.confirmAddress(token) };
  });

  openapi.add({
    method: 'put', path: '/api/auth/password', summary: 'Change the password; ends every session and answers a new token', tags: TAGS,
    jsonBody: passwordChangeSchema, responses: { 200: passwordChangeResponseSchema }, errors: { ...bearer, 422: 'Wrong current password or a new one that breaks the rules' },
  });
  app.put('/api/auth/password', { preHandler: guard, onRequest: loginLimit }, async (request) => {
    const input = parseOrThrow(passwordChangeSchema, request.body ?? {});
    const { token } = await settings.changePassword(principalOf(request), { currentPassword: input.current_password, password: input.password });
    return { success: true, data: { token, message: accountMessages.passwordChanged } };
  });

  openapi.add({
    method: 'post', path: '/api/auth/password/email', summary: 'Mail a password reset link (same answer whether or not the address has an account)', tags: TAGS,
    jsonBody: passwordEmailSchema, responses: { 200: messageResponseSchema }, errors: { 422: 'Invalid address', 429: 'Too many requests from this client' },
  });
  app.post('/api/auth/password/email', { onRequest: mailLimit }, async (request) => {
    const { email } = parseOrThrow(passwordEmailSchema, request.body ?? {});
    await settings.requestPasswordReset(email);
    return { success: true, data: { message: accountMessages.resetMailSent } };
  });

  openapi.add({
    method: 'post', path: '/api/auth/password/reset', summary: 'Set a new password from a mailed link', tags: TAGS,
    jsonBody: passwordResetSchema, responses: { 200: messageResponseSchema }, errors: { 422: 'Invalid link or password' },
  });
  app.post('/api/auth/password/reset', { onRequest: loginLimit }, async (request) => {
    const input = parseOrThrow(passwordResetSchema, request.body ?? {});
    await settings.resetPassword({ token: input.token, email: input.email, password: input.password });
    return { success: true, data: { message: accountMessages.passwordReset } };
  });

  openapi.add({
    method: 'post', path: '/api/auth/register/individual', summary: 'Create an individual account, signed in but unconfirmed until the mailed link is opened', tags: TAGS,
    jsonBody: registerIndividualSchema, responses: { 201: sessionResponseSchema }, errors: { 422: 'Invalid input or the address is taken', 429: 'Too many registrations' },
  });
  app.post('/api/auth/register/individual', { onRequest: registerLimit }, async (request, reply) => {
    const input = parseOrThrow(registerIndividualSchema, request.body ?? {});
    const session = await auth.register({ email: input.email, password: input.password, name: input.name ?? '', companyName: null });
    return reply.status(201).send({ success: true, data: { user: session.user, token: session.token } });
  });

  openapi.add({
    method: 'post', path: '/api/auth/register/corporate', summary: 'Create a tenant and its administrator, signed in but unconfirmed until the mailed link is opened', tags: TAGS,
    jsonBody: registerCorporateSchema, responses: { 201: sessionResponseSchema }, errors: { 422: 'Invalid input or the address is taken', 429: 'Too many registrations' },
  });
  app.post('/api/auth/register/corporate', { onRequest: registerLimit }, async (request, reply) => {
    const input = parseOrThrow(registerCorporateSchema, request.body ?? {});
    const session = await auth.register({ email: input.email, password: input.password, name: input.name ?? '', companyName: input.organization_name });
    return reply.status(201).send({ success: true, data: session });
  });
}
