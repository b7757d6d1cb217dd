import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../common/http-headers';
import { commonMessages } from '../../common/messages';
import { AppError } from '../errors';

/**
 * CSRF protection without server-side sessions. A random browser id lives in an HttpOnly cookie;
 * the token is an HMAC of it, so only a page of ours (meta tag) or our csrf-cookie endpoint
 * (XSRF-TOKEN cookie, Laravel style) can hand a script the value a state-changing call must echo.
 */
const BROWSER_ID_COOKIE = 'kizuki_browser_id';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface CsrfOptions {
  secret: string;
  secureCookies: boolean;
}

function tokenFor(secret: string, browserId: string): string {
  return createHmac('sha256', secret).update(`csrf:${browserId}`).digest('base64url');
}

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerCsrf(app: FastifyInstance, options: CsrfOptions): void {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secureCookies, maxAge: ONE_YEAR_SECONDS };

  /** Returns the token for this browser, giving it a browser id first if it has none. */
  const issueToken = (request: FastifyRequest, reply: FastifyReply): string => {
    let browserId = request.cookies[BROWSER_ID_COOKIE];
    if (!browserId || !/^[A-Za-z0-9_-]{32,64}$/.test(browserId)) {
      browserId = randomBytes(32).toString('base64url');
      reply.setCookie(BROWSER_ID_COOKIE, browserId, cookieOptions);
      // Later reads in this request must see the id just issued.
      request.cookies[BROWSER_ID_COOKIE] = browserId;
    }
    return tokenFor(options.secret, browserId);
  };
  app.decorate('issueCsrfToken', issueToken);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const browserId = request.cookies[BROWSER_ID_COOKIE];
    const header = request.headers[CSRF_HEADER] ?? request.headers[XSRF_HEADER];
    const given = typeof header === 'string' ? decodeURIComponent(header) : '';
    if (!browserId || !given || !sameToken(tokenFor(options.secret, browserId), given)) {
      throw new AppError('CSRF_MISMATCH', commonMessages.csrfMismatch);
    }
  });

  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    const token = issueToken(request, reply);
    reply.setCookie(XSRF_COOKIE, token, { ...cookieOptions, httpOnly: false });
    return reply.status(204).send();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}
