import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages, realmMessages } from '../../common/messages';
import { AppError } from '../errors';
import { type AuthService, unconfirmedError } from '../features/accounts/auth.service';
import { bearerToken } from '../features/accounts/bearer-auth';
import { type ZodRoutes, zodRoutes } from '../lib/zod-route';

/** Who is calling a tenant route: set once by the realm, read by every route inside it. */
export interface TenantPrincipal {
  tenantId: number;
  userId: number;
  role: 'admin' | 'member';
  /** The signed-in account's session (sign-out and the like). */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tenant realm on every route inside it. */
    tenant?: TenantPrincipal;
  }
  interface FastifyInstance {
    /** `METHOD /pattern` of every route inside the tenant realm (tests walk it: access, isolation). */
    tenantRealmRoutes: ReadonlySet<string>;
  }
}

/**
 * The one tenant realm (issue 10, part 0). Every API route of the training app is registered by
 * `register` inside this encapsulated plugin, whose onRequest hook authenticates before anything
 * else runs (validation included): no token → 401, an individual account → 403, an account whose
 * address is not confirmed → 403. A route added here cannot skip authentication, and a route that
 * reads `tenantOf(request)` outside the realm fails loudly.
 */
export async function registerTenantRealm(app: FastifyInstance, auth: AuthService, register: (realm: ZodRoutes) => void | Promise<void>): Promise<void> {
  const realmRoutes = new Set<string>();
  app.decorate('tenantRealmRoutes', realmRoutes);
  await app.register(async (realm) => {
    realm.addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) realmRoutes.add(`${method} ${route.url}`);
    });
    realm.addHook('onRequest', async (request) => {
      const principal = await auth.authenticate(bearerToken(request));
      if (!principal.emailVerified) throw unconfirmedError();
      if (principal.tenantId === null) throw new AppError('FORBIDDEN', realmMessages.corporateOnly);
      request.principal = principal;
      request.tenant = { tenantId: principal.tenantId, userId: principal.userId, role: principal.role, sessionId: principal.sessionId };
    });
    await register(zodRoutes(realm));
  });
}

/** What the realm itself answers before any route runs (for each realm route's OpenAPI errors). */
export const REALM_ERRORS = { 401: accountMessages.unauthenticated, 403: `${realmMessages.corporateOnly} / ${accountMessages.emailUnconfirmed}` };

/** The caller of a route inside the tenant realm. */
export function tenantOf(request: FastifyRequest): TenantPrincipal {
  if (!request.tenant) throw new Error('tenantOf used on a route outside the tenant realm');
  return request.tenant;
}
