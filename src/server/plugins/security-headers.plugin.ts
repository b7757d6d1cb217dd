import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The page CSP. No 'unsafe-inline' anywhere: the pages carry no <style> blocks or style=""
 * attributes (every rule lives in the built CSS files), and React sets dynamic styles through the
 * CSSOM, which style-src does not govern. `inlineStyles` is only for a page that must show
 * third-party markup with inline styles (the development mailbox's mail preview); `imageSources`
 * adds image origins (the lesson page shows a lure's https images; the development mailbox the
 * open pixel on the tracking origin).
 */
export function contentSecurityPolicy(options: { inlineStyles?: boolean; imageSources?: readonly string[] } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    options.inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    ["img-src 'self' data: blob:", ...(options.imageSources ?? [])].join(' '),
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Powerful features no Kizuki page uses, switched off for the page and anything it embeds. Only
 * features Chromium knows: an unknown name makes the browser log an error on every page.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** One year, subdomains included: sent only when the site is served over https (APP_URL). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Browser hardening on every answer; user text can never run as script even if escaping failed. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'appUrl'>): void {
  // Over plain http a browser ignores HSTS anyway; on a local http setup it must never be pinned.
  const https = config.appUrl.startsWith('https://');
  // Built once: every answer gets the same ones. A callback hook, not an async one, since every
  // answer passes through it (a promise and a microtask turn per request otherwise).
  const always: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // No other site's window keeps a handle on ours (window.opener), and ours on none of theirs.
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(always);
    // A route may allow framing by our own pages (template previews in a sandboxed iframe).
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    done(null, payload);
  });
}
