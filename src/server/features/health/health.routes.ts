import { commonMessages } from '../../../common/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<void>): void {
  app.get('/healthz', async (request) => {
    try {
      await ping();
    } catch (error) {
      request.log.error({ err: error }, 'database did not answer the health check');
      throw new AppError('SERVICE_UNAVAILABLE', commonMessages.serviceUnavailable);
    }
    return { status: 'ok' };
  });
}
