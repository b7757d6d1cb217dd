import type { FastifyInstance } from 'fastify';
import { operatorMessages } from '../../../common/operator-messages';
import { auditLogQuerySchema, moderationReasonBodySchema, operatorReportListQuerySchema, redactBodySchema, reportFlagSchema } from '../../../common/operator.schema';
import type { AppConfig } from '../../config';
import { recordParams, type ZodRoutes, zodRoutes } from '../../lib/zod-route';
import { OPERATOR_REALM_ERRORS, operatorOf } from '../../plugins/operator-realm.plugin';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { ModerationService } from './moderation.service';
import {
  auditLogResponseSchema,
  flagResponseSchema,
  operatorReportParamsSchema,
  plainSuccessSchema,
  reportActionResponseSchema,
  reportDetailResponseSchema,
  reportListResponseSchema,
} from './operators.schema';

const TAGS = ['Operator console'];
const params = recordParams(operatorReportParamsSchema, operatorMessages.reportNotFound);

/** The public 「不適切な報告を通知」 (CSRF-checked like every state-changing route; rate-limited per client). */
export function registerReportFlagRoute(app: FastifyInstance, { service, config, rateLimiters }: { service: ModerationService; config: AppConfig; rateLimiters: RateLimiters }): void {
  zodRoutes(app).post('/api/phishing-reports/:id/flags', {
    onRequest: rateLimiters.hourly({ bucket: 'report-flag', max: config.rateLimits.reportFlag, message: operatorMessages.flagRateLimited }),
    schema: { params, body: reportFlagSchema, response: { 201: flagResponseSchema } },
    config: {
      openapi: {
        summary: 'Tell the operators a report is inappropriate', tags: ['Kizuki DB'],
        errors: { 404: 'No such report (or hidden)', 419: 'CSRF token missing or wrong', 422: 'Unknown reason or comment too long', 429: 'Too many flags from this client' },
      },
    },
  }, async (request, reply) => reply.status(201).send({ success: true as const, data: await service.flag(request.params.id, request.body, request.ip) }));
}

/** Inside the operator realm: the reports, their moderation and the audit log. */
export function registerModerationRoutes(realm: ZodRoutes, { service }: { service: ModerationService }): void {
  const errors = (more: Record<number, string> = {}) => ({ ...OPERATOR_REALM_ERRORS, 404: 'No such report', ...more });
  const actor = (request: Parameters<typeof operatorOf>[0]) => {
    const operator = operatorOf(request);
    return { operatorId: operator.operatorId, email: operator.email };
  };

  realm.get('/api/operator/reports', {
    schema: { querystring: operatorReportListQuerySchema, response: { 200: reportListResponseSchema } },
    config: { openapi: { summary: 'Reports for moderation: flagged first, then newest first', tags: TAGS, errors: { ...OPERATOR_REALM_ERRORS, 422: 'Bad query' } } },
  }, async (request) => ({ success: true as const, data: await service.list(request.query) }));

  realm.get('/api/operator/reports/:id', {
    schema: { params, response: { 200: reportDetailResponseSchema } },
    config: { openapi: { summary: 'One report with its flags and audit entries (hidden ones included)', tags: TAGS, errors: errors() } },
  }, async (request) => ({ success: true as const, data: await service.detail(request.params.id) }));

  realm.get('/api/operator/reports/:id/original', {
    schema: { params },
    config: { openapi: { summary: 'The private original screenshot (operators only, never cached)', tags: TAGS, errors: errors() } },
  }, async (request, reply) => {
    const { content, contentType } = await service.original(request.params.id);
    return reply
      .type(contentType)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', "default-src 'none'")
      .send(content);
  });

  realm.post('/api/operator/reports/:id/hide', {
    schema: { params, body: moderationReasonBodySchema, response: { 200: reportActionResponseSchema } },
    config: { openapi: { summary: 'Hide a report from every public answer; its public images are deleted', tags: TAGS, errors: errors({ 409: 'Already hidden', 422: 'Reason missing or too long' }) } },
  }, async (request) => ({ success: true as const, data: { report: await service.hide(actor(request), request.params.id, request.body.reason) } }));

  realm.post('/api/operator/reports/:id/restore', {
    schema: { params, body: moderationReasonBodySchema, response: { 200: reportActionResponseSchema } },
    config: { openapi: { summary: 'Make a hidden report public again (its image after redaction)', tags: TAGS, errors: errors({ 409: 'Not hidden', 422: 'Reason missing or too long' }) } },
  }, async (request) => ({ success: true as const, data: { report: await service.restore(actor(request), request.params.id, request.body.reason) } }));

  realm.post('/api/operator/reports/:id/redact', {
    schema: { params, body: redactBodySchema, response: { 200: reportActionResponseSchema } },
    config: { openapi: { summary: 'Run redaction again from the private original', tags: TAGS, errors: errors({ 409: 'No original kept, hidden, or not to be published', 422: 'Reason too long' }) } },
  }, async (request) => ({ success: true as const, data: { report: await service.redact(actor(request), request.params.id, request.body.reason) } }));

  realm.post('/api/operator/reports/:id/flags/dismiss', {
    schema: { params, body: moderationReasonBodySchema, response: { 200: reportActionResponseSchema } },
    config: { openapi: { summary: 'Resolve the open flags without hiding', tags: TAGS, errors: errors({ 409: 'No open flags', 422: 'Reason missing or too long' }) } },
  }, async (request) => ({ success: true as const, data: { report: await service.dismissFlags(actor(request), request.params.id, request.body.reason) } }));

  realm.delete('/api/operator/reports/:id', {
    schema: { params, body: moderationReasonBodySchema, response: { 200: plainSuccessSchema } },
    config: { openapi: { summary: 'Delete a report for good (files and row)', tags: TAGS, errors: errors({ 422: 'Reason missing or too long' }) } },
  }, async (request) => {
    await service.delete(actor(request), request.params.id, request.body.reason);
    return { success: true as const };
  });

  realm.get('/api/operator/audit-log', {
    schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
    config: { openapi: { summary: 'The append-only audit log, newest first', tags: TAGS, errors: { ...OPERATOR_REALM_ERRORS, 422: 'Bad query' } } },
  }, async (request) => ({ success: true as const, data: await service.auditLog(request.query) }));
}
