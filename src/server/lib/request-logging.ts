import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * What the access log may keep of a request. Mailed links carry live secrets in their query
 * (`/corporate/password/reset?token=…&email=…`), so query values are replaced unless the parameter
 * is on a short list of harmless paging and filter names. The path stays: it is what a reader needs.
 */
const LOGGABLE_QUERY_PARAMS: ReadonlySet<string> = new Set(['limit', 'offset', 'receipt_method']);
export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const path = url.slice(0, queryStart);
  const query = url.slice(queryStart + 1);
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    let decodedName = name;
    try {
      decodedName = decodeURIComponent(name);
    } catch {
      // a malformed escape is logged redacted like any unknown name
    }
    if (LOGGABLE_QUERY_PARAMS.has(decodedName)) return pair.slice(0, 200);
    return `${name.slice(0, 64)}=${REDACTED}`;
  });
  return `${path}?${pairs.join('&')}`;
}

/** The `req` shape pino writes for each request: no headers, no cookies, the query redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An incoming X-Request-Id is kept only when short and plain, so a client cannot flood or forge log lines. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
