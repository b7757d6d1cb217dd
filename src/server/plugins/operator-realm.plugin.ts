import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorMessages } from '../../common/operator-messages';
import { bearerToken } from '../features/accounts/bearer-auth';
import type { OperatorAuthService, OperatorPrincipal } from '../features/operators/operator-auth.service';
import { type ZodRoutes, zodRoutes } from '../lib/zod-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator realm on every route inside it. */
    operator?: OperatorPrincipal;
  }
  interface FastifyInstance {
    /** `METHOD /pattern` of every route inside the operator realm (the route-table test walks it). */
    operatorRealmRoutes: ReadonlySet<string>;
  }
}

/**
 * The operator realm (issue 13, part 3), the tenant realm's counterpart (tenant-realm.plugin.ts):
 * every operator API route is registered by `register` inside this encapsulated plugin, whose
 * onRequest hook authenticates before anything else runs. Only an `op_` token of an active
 * operator session passes; a tenant's token, which lives in another table, never does.
 */
export async function registerOperatorRealm(app: FastifyInstance, auth: OperatorAuthService, register: (realm: ZodRoutes) => void | Promise<void>): Promise<void> {
  const realmRoutes = new Set<string>();
  app.decorate('operatorRealmRoutes', realmRoutes);
  await app.register(async (realm) => {
    realm.addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) realmRoutes.add(`${method} ${route.url}`);
    });
    realm.addHook('onRequest', async (request) => {
      request.operator = await auth.authenticate(bearerToken(request));
    });
    // What operators read (unpublished text, originals, who hid what) never stays in a shared or browser cache.
    realm.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await register(zodRoutes(realm));
  });
}

/** What the realm itself answers before any route runs (each realm route's OpenAPI errors). */
export const OPERATOR_REALM_ERRORS = { 401: operatorMessages.unauthenticated };

/** The caller of a route inside the operator realm. */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw new Error('operatorOf used on a route outside the operator realm');
  return request.operator;
}
