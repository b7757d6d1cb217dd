import type { FastifyInstance } from 'fastify';
import { operatorMessages } from '../../../common/operator-messages';
import { operatorLoginSchema, operatorSetupSchema, operatorTotpSchema } from '../../../common/operator.schema';
import type { AppConfig } from '../../config';
import { type ZodRoutes, zodRoutes } from '../../lib/zod-route';
import { OPERATOR_REALM_ERRORS, operatorOf } from '../../plugins/operator-realm.plugin';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { OperatorAuthService } from './operator-auth.service';
import { loginResponseSchema, meResponseSchema, plainSuccessSchema, setupResponseSchema, totpResponseSchema } from './operators.schema';

const TAGS = ['Operator console'];

/** The public steps of an operator's sign-in: the setup link, the password, the TOTP code. */
export function registerOperatorSignInRoutes(app: FastifyInstance, { auth, config, rateLimiters }: { auth: OperatorAuthService; config: AppConfig; rateLimiters: RateLimiters }): void {
  const routes = zodRoutes(app);
  // Its own bucket: the console's sign-in is not spent by (nor spends) tenants' sign-ins from one network.
  const limit = rateLimiters.hourly({ bucket: 'operator-login', max: config.rateLimits.login, message: operatorMessages.loginRateLimited });

  routes.post('/api/operator/setup', {
    onRequest: limit,
    schema: { body: operatorSetupSchema, response: { 200: setupResponseSchema } },
    config: { openapi: { summary: 'Set an operator password with the one-time link', tags: TAGS, errors: { 404: 'Unknown, used or expired link', 422: 'Weak password', 429: 'Too many attempts' } } },
  }, async (request) => ({ success: true as const, data: await auth.setup(request.body.token, request.body.password) }));

  routes.post('/api/operator/login', {
    onRequest: limit,
    schema: { body: operatorLoginSchema, response: { 200: loginResponseSchema } },
    config: { openapi: { summary: 'Operator sign-in, password step; answers a TOTP challenge', tags: TAGS, errors: { 401: 'Wrong address or password', 429: 'Too many attempts' } } },
  }, async (request) => ({ success: true as const, data: await auth.login(request.body.email, request.body.password) }));

  routes.post('/api/operator/login/totp', {
    onRequest: limit,
    schema: { body: operatorTotpSchema, response: { 200: totpResponseSchema } },
    config: { openapi: { summary: 'Operator sign-in, TOTP step; answers the bearer token', tags: TAGS, errors: { 401: 'Challenge expired or too many wrong codes', 422: 'Wrong code', 429: 'Too many attempts' } } },
  }, async (request) => ({ success: true as const, data: await auth.confirmTotp(request.body.challenge_token, request.body.code) }));
}

/** Inside the operator realm: who am I, and sign out. */
export function registerOperatorSessionRoutes(realm: ZodRoutes, { auth }: { auth: OperatorAuthService }): void {
  realm.get('/api/operator/me', {
    schema: { response: { 200: meResponseSchema } },
    config: { openapi: { summary: 'The signed-in operator', tags: TAGS, errors: OPERATOR_REALM_ERRORS } },
  }, async (request) => ({ success: true as const, data: { email: operatorOf(request).email } }));

  realm.post('/api/operator/logout', {
    schema: { response: { 200: plainSuccessSchema } },
    config: { openapi: { summary: 'End this operator session', tags: TAGS, errors: OPERATOR_REALM_ERRORS } },
  }, async (request) => {
    await auth.logout(operatorOf(request));
    return { success: true as const };
  });
}
