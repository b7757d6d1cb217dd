import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../common/http-headers';
import { commonMessages } from '../../common/messages';
import { AppError } from '../errors';

/**
 * CSRF protection without server-side sessions. A random browser id lives in an HttpOnly cookie;
 * the token is an HMAC of it, so only a page of ours (meta tag) or our csrf-cookie endpoint
 * (XSRF-TOKEN cookie, Laravel style) can hand a script the value a state-changing call must echo.
 *
 * Protection is the default for every state-changing method on every route, decided on the route
 * the router matched (never on the raw URL, which `/%61pi/…` would slip past). A route is exempt
 * only when it is on CSRF_EXEMPT_ROUTES below.
 */
const BROWSER_ID_COOKIE = 'kizuki_browser_id';
export const CSRF_SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The reviewed list of state-changing routes that take no CSRF token, as `METHOD /route/:pattern`.
 * Only a route that a browser page of ours never calls, and that proves its caller some other way,
 * belongs here (later: tracking pixels and clicks, payment webhooks with a signature, RFC 8058
 * one-click unsubscribe). Every entry needs a reason next to it.
 */
export const CSRF_EXEMPT_ROUTES: ReadonlySet<string> = new Set<string>([
  // The lesson page's human-check beacon: sendBeacon from a page on the tracking host, no body,
  // no session; the unguessable token in the path is the only key, and it changes nothing but
  // whether a click of that token's own recipient counts.
  'POST /t/b/:token',
  // The lookalike sign-in form of a training mail: it posts an empty body (its inputs have no
  // name); the token is the key, and the only effect is recording "entered" for that recipient.
  'POST /t/l/:token/submit',
  // RFC 8058 one-click unsubscribe: mail apps POST `List-Unsubscribe=One-Click` with no cookie and
  // no token. The unguessable token in the path (128 bits, mailed only to that address) is the
  // proof, and the only effect is stopping that address's own training mail.
  'POST /phishing-training/unsubscribe/:token',
  // Stripe's webhook (issue 14): a server-to-server call with no cookie; the Stripe-Signature
  // header (HMAC of the raw body with the webhook secret, five-minute window) proves the caller.
  'POST /api/webhooks/stripe',
]);

/**
 * Pages whose plain HTML form works without JavaScript: the token comes in the form field
 * CSRF_FORM_FIELD (rendered into the form from the same HMAC), checked once the body is parsed.
 */
export const CSRF_FORM_ROUTES: ReadonlySet<string> = new Set<string>(['POST /phishing-training']);
export const CSRF_FORM_FIELD = '_csrf';

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

/** The header's token; axios-style clients send the cookie value percent-encoded. A malformed escape is no token. */
function givenToken(request: FastifyRequest): string {
  const header = request.headers[CSRF_HEADER] ?? request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || header.length === 0 || header.length > 256) return '';
  try {
    return decodeURIComponent(header);
  } catch {
    return '';
  }
}

/** `POST /api/x/:id` for a matched route; unmatched requests (the 404 handler) have no exemption. */
function routeKey(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : `${request.method} ${url}`;
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

  // onRequest runs after routing, so routeOptions already names the route that will answer.
  const check = (request: FastifyRequest, given: string) => {
    const browserId = request.cookies[BROWSER_ID_COOKIE];
    if (!browserId || !given || !sameToken(tokenFor(options.secret, browserId), given)) {
      throw new AppError('CSRF_MISMATCH', commonMessages.csrfMismatch);
    }
  };

  // Callback-style hooks, not async ones: every request passes through both, and a safe method
  // (every public read) then costs a set lookup instead of a promise and a microtask turn.
  const guard = (verify: (request: FastifyRequest) => void) => (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (CSRF_SAFE_METHODS.has(request.method)) return done();
    try {
      verify(request);
    } catch (error) {
      return done(error as Error);
    }
    return done();
  };

  app.addHook('onRequest', guard((request) => {
    const key = routeKey(request);
    if (key !== undefined && (CSRF_EXEMPT_ROUTES.has(key) || CSRF_FORM_ROUTES.has(key))) return;
    check(request, givenToken(request));
  }));

  // A form route's token is in its parsed body (a header is accepted too, for scripts).
  app.addHook('preHandler', guard((request) => {
    const key = routeKey(request);
    if (key === undefined || !CSRF_FORM_ROUTES.has(key)) return;
    const field = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    check(request, typeof field === 'string' && field.length <= 256 ? field : givenToken(request));
  }));

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
