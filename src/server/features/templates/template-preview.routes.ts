import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { templateMessages } from '../../../common/messages';
import { escapeHtml } from '../../lib/html';
import { TEMPLATE_PREVIEW_PATH, type TemplatesService } from './templates.service';

/**
 * The CSP of a preview document: nothing may run, load or submit; only inline styles (every mail
 * uses them) and images over https (or data:). `sandbox` gives the document an opaque origin even
 * if it is opened outside the iframe, and `frame-ancestors 'self'` lets only our own pages frame it.
 */
export const PREVIEW_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  'img-src https: data:',
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

const paramsSchema = z.object({ token: z.string() });

/**
 * GET /template-previews/<token>: a rendered preview for `<iframe sandbox src>`. Outside the
 * tenant realm because an iframe cannot send a bearer token; the token (256 random bits, stored
 * only as its SHA-256, valid TEMPLATE_PREVIEW_TTL_MINUTES) is the capability, like a signed URL.
 * Its own CSP and X-Frame-Options are set here, and the global security headers leave them.
 */
export function registerTemplatePreviewPage(app: FastifyInstance, { service }: { service: TemplatesService }): void {
  app.get(`${TEMPLATE_PREVIEW_PATH}/:token`, { schema: { params: paramsSchema } }, async (request, reply) => {
    const { token } = request.params as z.output<typeof paramsSchema>;
    const document = await service.previewDocument(token);
    reply
      .header('content-security-policy', PREVIEW_CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8');
    if (document === null) {
      return reply.status(404).send(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(templateMessages.previewTitle)}</title></head><body><p>${escapeHtml(templateMessages.previewExpired)}</p></body></html>`);
    }
    return reply.send(document);
  });
}
