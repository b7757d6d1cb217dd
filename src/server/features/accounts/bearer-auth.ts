import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { type AuthService, type Principal, unconfirmedError } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on protected routes. */
    principal?: Principal;
  }
}

/** `Authorization: Bearer <token>` → the token, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * A preValidation hook (so it runs before the body is validated) that answers 401 without a
 * valid token and otherwise sets `request.principal`.
 * An account whose address is not confirmed yet gets 403 (SPEC-independent: issue 9), unless the
 * route says `allowUnconfirmed` (its own user, logout, a new confirmation mail): every other
 * route, tenant data and training mail included, is closed to it by default.
 */
export function bearerGuard(auth: AuthService, options: { allowUnconfirmed?: boolean } = {}): preValidationAsyncHookHandler {
  return async (request) => {
    const principal = await auth.authenticate(bearerToken(request));
    if (!principal.emailVerified && !options.allowUnconfirmed) throw unconfirmedError();
    request.principal = principal;
  };
}

/** The principal on a guarded route (the guard guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf used on a route without bearerGuard');
  return request.principal;
}
