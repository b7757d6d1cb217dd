import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commonMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { zodRoutes } from '../../lib/zod-route';

const healthSchema = z.object({ status: z.literal('ok') });

export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  zodRoutes(app).get('/healthz', {
    schema: { response: { 200: healthSchema } },
    config: { openapi: { summary: 'Liveness: the server runs and the database answers', tags: ['Health'], errors: { 503: 'The database did not answer' } } },
  }, async (request) => {
    try {
      await ping();
    } catch (error) {
      request.log.error({ err: error }, 'database did not answer the health check');
      throw new AppError('SERVICE_UNAVAILABLE', commonMessages.serviceUnavailable);
    }
    return { status: 'ok' as const };
  });
}
