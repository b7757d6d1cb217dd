import type { FastifyInstance } from 'fastify';
import { commonMessages } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { AppError } from '../../errors';
import { PUBLIC_MEDIA_PATH } from '../phishing-reports/phishing-reports.routes';

/** Prefixes of calls and files, never pages: a miss there is a plain 404, not a trip to the login. */
const NON_PAGE_PREFIXES = ['/api', '/assets', PUBLIC_MEDIA_PATH];

const isNonPagePath = (pathname: string): boolean =>
  NON_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Any unknown page sends the browser to the login (SPEC §2.1); unknown API paths, asset and
 * media files, other methods and non-browser clients get the JSON 404.
 */
// The second argument (what the old 404 page rendered with) is no longer used; app.ts can drop it.
export function registerNotFoundPage(app: FastifyInstance): void {
  app.setNotFoundHandler(async (request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    const pathname = request.url.split('?')[0] ?? '';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !acceptsHtml || isNonPagePath(pathname)) {
      throw new AppError('NOT_FOUND', commonMessages.notFound);
    }
    return reply.redirect(trainingPaths.login);
  });
}
