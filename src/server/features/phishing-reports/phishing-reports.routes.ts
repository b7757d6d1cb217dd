import type { FastifyInstance } from 'fastify';
import { reportMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { AppError, parseOrThrow } from '../../errors';
import { readMultipartForm } from '../../lib/multipart-form';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { FileStorage } from '../../storage/file-storage';
import type { OpenApiRegistry } from '../openapi/openapi.registry';
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
  openapi: OpenApiRegistry;
  rateLimiters: RateLimiters;
}

export function registerPhishingReportRoutes(app: FastifyInstance, { service, storage, config, openapi, rateLimiters }: RouteDeps): void {
  openapi.add({
    method: 'post', path: '/api/phishing-reports', summary: 'Report a phishing e-mail or SMS', tags: TAGS,
    multipartBody: submitMultipartDocSchema, responses: { 201: submitResponseSchema },
    errors: { 413: 'Screenshot over 10 MB', 419: 'CSRF token missing or wrong', 422: 'Validation failed (per-field errors)', 429: 'Too many reports from this client', 503: 'Too many images are being processed; try again shortly' },
  });
  app.post('/api/phishing-reports', {
    onRequest: rateLimiters.hourly({ bucket: 'report-submit', max: config.rateLimits.reportSubmit, message: reportMessages.submitRateLimited }),
  }, async (request, reply) => {
    const form = await readMultipartForm(request, { fileFields: ['screenshot'], tooLargeMessage: reportMessages.submitTooLarge });
    const submission = parseOrThrow(reportSubmissionSchema, form.fields);
    const { reportId, screenshotPending } = await service.submit(submission, form.files.screenshot ?? null, {
      ip: request.ip,
      fingerprint: submission.fingerprint,
    });
    const message = screenshotPending ? `${reportMessages.submitSuccess}${reportMessages.screenshotPublishedAfterRedaction}` : reportMessages.submitSuccess;
    return reply.status(201).send({ success: true, data: { message, report_id: reportId } });
  });

  openapi.add({
    method: 'get', path: '/api/phishing-reports', summary: 'List reports, newest first', tags: TAGS,
    query: reportListQuerySchema, responses: { 200: listResponseSchema }, errors: { 422: 'Bad limit, offset or receipt_method' },
  });
  app.get('/api/phishing-reports', async (request, reply) => {
    const query = parseOrThrow(reportListQuerySchema, request.query);
    return reply.type('application/json; charset=utf-8').send(await service.listJson(query));
  });

  openapi.add({
    method: 'get', path: '/api/phishing-reports/:id', summary: 'One report', tags: TAGS,
    params: reportParamsSchema, responses: { 200: detailResponseSchema }, errors: { 404: 'No such report (or deleted)' },
  });
  app.get('/api/phishing-reports/:id', async (request) => {
    const { id } = parseReportParams(request.params);
    return { success: true, data: await service.get(id) };
  });

  openapi.add({
    method: 'delete', path: '/api/phishing-reports/:id', summary: 'Delete a report with its 4-digit password', tags: TAGS,
    params: reportParamsSchema, jsonBody: reportDeleteSchema, responses: { 200: deleteResponseSchema },
    errors: { 401: 'Wrong password', 404: 'No such report', 419: 'CSRF token missing or wrong', 422: 'Password is not 4 digits', 429: 'Locked for 24 hours after 3 wrong passwords, or too many attempts from this client' },
  });
  app.delete('/api/phishing-reports/:id', {
    onRequest: rateLimiters.hourly({ bucket: 'report-delete', max: config.rateLimits.reportDelete, message: reportMessages.deleteRateLimited }),
  }, async (request) => {
    const { id } = parseReportParams(request.params);
    const { delete_password } = parseOrThrow(reportDeleteSchema, request.body ?? {});
    await service.delete(id, delete_password);
    return { success: true };
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

/** An id that cannot exist is simply not found; the API never answers 422 for a path. */
function parseReportParams(params: unknown): { id: string } {
  const parsed = reportParamsSchema.safeParse(params);
  if (!parsed.success) throw new AppError('NOT_FOUND', reportMessages.detailNotFound);
  return parsed.data;
}
