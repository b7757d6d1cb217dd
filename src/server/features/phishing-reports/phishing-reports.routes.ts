import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { reportMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { AppError, parseOrThrow } from '../../errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { recordParams, zodRoutes } from '../../lib/zod-route';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { FileStorage } from '../../storage/file-storage';
import {
  deleteResponseSchema,
  detailResponseSchema,
  listResponseSchema,
  reportDeleteSchema,
  reportListQuerySchema,
  reportParamsSchema,
  reportSubmissionSchema,
  submitMultipartDocSchema,
  submitResponseSchema,
} from './phishing-reports.schema';
import type { PhishingReportsService } from './phishing-reports.service';
import { REDACTED_IMAGE_FOLDER, THUMBNAIL_FOLDER } from './screenshot-publisher';

/** Public storage keys (`public/<folder>/<file>`) are served under this path. */
export const PUBLIC_MEDIA_PATH = '/media';
const MEDIA_FILE = /^[A-Za-z0-9_-]{16,64}\.(png|jpg)$/;
const TAGS = ['Kizuki DB'];

interface RouteDeps {
  service: PhishingReportsService;
  storage: FileStorage;
  config: AppConfig;
  rateLimiters: RateLimiters;
}

export function registerPhishingReportRoutes(app: FastifyInstance, { service, storage, config, rateLimiters }: RouteDeps): void {
  const routes = zodRoutes(app);
  // An id that cannot exist is simply not found; the API never answers 422 for a path.
  const params = recordParams(reportParamsSchema, reportMessages.detailNotFound);

  routes.post('/api/phishing-reports', {
    onRequest: rateLimiters.hourly({ bucket: 'report-submit', max: config.rateLimits.reportSubmit, message: reportMessages.submitRateLimited }),
    schema: { response: { 201: submitResponseSchema } },
    config: {
      openapi: {
        summary: 'Report a phishing e-mail or SMS', tags: TAGS, multipartBody: submitMultipartDocSchema,
        errors: { 413: 'Screenshot over 10 MB', 419: 'CSRF token missing or wrong', 422: 'Validation failed (per-field errors)', 429: 'Too many reports from this client', 503: 'Too many images are being processed; try again shortly' },
      },
    },
  }, async (request, reply) => {
    // Multipart: the handler reads the stream, then validates the fields with the shared schema.
    const form = await readMultipartForm(request, { fileFields: ['screenshot'], tooLargeMessage: reportMessages.submitTooLarge });
    const submission = parseOrThrow(reportSubmissionSchema, form.fields);
    const { reportId, screenshotPending } = await service.submit(submission, form.files.screenshot ?? null, {
      ip: request.ip,
      fingerprint: submission.fingerprint,
    });
    const message = screenshotPending ? `${reportMessages.submitSuccess}${reportMessages.screenshotPublishedAfterRedaction}` : reportMessages.submitSuccess;
    return reply.status(201).send({ success: true as const, data: { message, report_id: reportId } });
  });

  routes.get('/api/phishing-reports', {
    schema: { querystring: reportListQuerySchema, response: { 200: listResponseSchema } },
    config: {
      openapi: {
        summary: 'List reports, newest first; search them (q) or list those similar to one (similar_to)', tags: TAGS,
        errors: { 422: 'Bad limit, offset or receipt_method, or q over 100 characters' },
      },
    },
  }, async (request, reply) => {
    // The service answers the page already encoded as UTF-8 bytes (cached per list revision);
    // Fastify sends bytes as they are, so it is not serialised a second time.
    const json = await service.listJson(request.query);
    return reply.type('application/json; charset=utf-8').send(json as unknown as z.input<typeof listResponseSchema>);
  });

  routes.get('/api/phishing-reports/:id', {
    schema: { params, response: { 200: detailResponseSchema } },
    config: { openapi: { summary: 'One report', tags: TAGS, errors: { 404: 'No such report (or deleted)' } } },
  }, async (request, reply) => {
    // Encoded by the service from the report's stored public text, as a list page is; sent as it is.
    const json = await service.getJson(request.params.id);
    return reply.type('application/json; charset=utf-8').send(json as unknown as z.input<typeof detailResponseSchema>);
  });

  routes.delete('/api/phishing-reports/:id', {
    onRequest: rateLimiters.hourly({ bucket: 'report-delete', max: config.rateLimits.reportDelete, message: reportMessages.deleteRateLimited }),
    schema: { params, body: reportDeleteSchema, response: { 200: deleteResponseSchema } },
    config: {
      openapi: {
        summary: 'Delete a report with its 4-digit password', tags: TAGS,
        errors: { 401: 'Wrong password', 404: 'No such report', 419: 'CSRF token missing or wrong', 422: 'Password is not 4 digits', 429: 'Locked for 24 hours after 3 wrong passwords, or too many attempts from this client' },
      },
    },
  }, async (request) => {
    await service.delete(request.params.id, request.body.delete_password);
    return { success: true as const };
  });

  // Only redacted copies and their thumbnails are served. (Copies made before redaction existed
  // sit in public/screenshots/, which has no route any more.)
  for (const folder of [REDACTED_IMAGE_FOLDER, THUMBNAIL_FOLDER]) {
    app.get<{ Params: { file: string } }>(`${PUBLIC_MEDIA_PATH}/${folder}/:file`, async (request, reply) => {
      const { file } = request.params;
      const content = MEDIA_FILE.test(file) ? await storage.get(`public/${folder}/${file}`) : null;
      if (!content) throw new AppError('NOT_FOUND', reportMessages.detailNotFound);
      return reply
        .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        // Short: a deleted report's image must stop being served by caches soon after.
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'")
        .send(content);
    });
  }
}
