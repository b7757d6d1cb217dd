import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from '../../plugins/security-headers.plugin';
import { lessonAssets, renderLessonNotFound } from './lesson-page';
import { TRACKING_PATHS } from './tracking-paths';
import type { RequestFacts, TrackingService } from './tracking.service';

/** Tokens are 16 random bytes in base64url (22 characters); anything else is unknown without a query. */
const TOKEN = /^[A-Za-z0-9_-]{16,43}$/;
/** The smallest transparent GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The lesson may show a lure's https images; everything else as the site CSP. */
const LESSON_CSP = contentSecurityPolicy({ imageSources: ['https:'] });

function facts(request: FastifyRequest): RequestFacts {
  return {
    method: request.method,
    userAgent: String(request.headers['user-agent'] ?? ''),
    referer: String(request.headers.referer ?? ''),
    ip: request.ip,
  };
}

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');

/**
 * The public tracking routes (no sign-in, no CSRF, no session): lean handlers that take the token
 * from the path, record the request through the service and answer at once. An unknown token gets
 * a plain 404. Every answer is `no-store`, so a proxy or a mail client's cache never hides a
 * request. GET routes answer HEAD too (Fastify's HEAD routes), which is recorded as not counted.
 */
export async function registerTrackingRoutes(root: FastifyInstance, { service }: { service: TrackingService }): Promise<void> {
  await root.register(async (app) => {
    // The lookalike form posts urlencoded; nothing in it is read, so nothing is parsed.
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
    routes(app, service);
  });
}

function routes(app: FastifyInstance, service: TrackingService): void {
  app.get<{ Params: { file: string } }>(`${TRACKING_PATHS.open}/:file`, async (request, reply) => {
    const token = request.params.file.replace(/\.gif$/, '');
    if (!TOKEN.test(token) || !(await service.track('open', token, facts(request)))) return notFound(reply);
    return reply.type('image/gif').header('cache-control', 'no-store, max-age=0').send(PIXEL);
  });

  app.get<{ Params: { token: string } }>(`${TRACKING_PATHS.click}/:token`, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token) || !(await service.track('click', token, facts(request)))) return notFound(reply);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(`${TRACKING_PATHS.lesson}/${token}`, 302);
  });

  app.get<{ Params: { token: string } }>(`${TRACKING_PATHS.honeypot}/:token`, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token) || !(await service.track('honeypot', token, facts(request)))) return notFound(reply);
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  // The lesson page's beacon (sendBeacon, no body): a real browser that ran the script and stayed.
  app.post<{ Params: { token: string } }>(`${TRACKING_PATHS.beacon}/:token`, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token) || !(await service.track('human_check', token, facts(request)))) return notFound(reply);
    return reply.status(204).header('cache-control', 'no-store').send();
  });

  app.get<{ Params: { token: string }; Querystring: { done?: string } }>(`${TRACKING_PATHS.lesson}/:token`, async (request, reply) => {
    const { token } = request.params;
    const page = TOKEN.test(token) ? await service.lessonPage(token, { afterSubmit: request.query.done === '1' }) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', LESSON_CSP).header('referrer-policy', 'no-referrer');
    // The page is about the person in front of it: never indexed, never framed.
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (page === null) return reply.status(404).send(renderLessonNotFound({ assetBase: TRACKING_PATHS.lessonAssets }));
    return reply.send(page);
  });

  // The lookalike sign-in form posts an empty body (its inputs have no name): only the fact of a submit is kept.
  app.post<{ Params: { token: string } }>(`${TRACKING_PATHS.lesson}/:token/submit`, async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN.test(token) || !(await service.track('submit', token, facts(request)))) return notFound(reply);
    return reply.header('cache-control', 'no-store').redirect(`${TRACKING_PATHS.lesson}/${token}?done=1`, 303);
  });

  const assets = lessonAssets();
  app.get<{ Params: { name: string } }>(`${TRACKING_PATHS.lessonAssets}/:name`, async (request, reply) => {
    const asset = assets[request.params.name];
    if (!asset) return notFound(reply);
    // Pages link them with ?v=<content hash>, so a long cache is safe.
    return reply.type(asset.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
  });
}
