import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { FINGERPRINT_HEADER } from '../../common/api-envelope';
import { AppError } from '../errors';

const ONE_HOUR_MS = 60 * 60 * 1000;

/** In memory by default; with REDIS_URL every instance counts in one shared store. */
export async function registerRateLimiting(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, { global: false, nameSpace: 'kizuki:rate-limit:', ...(redis ? { redis } : {}) });
}

function fingerprintOf(request: FastifyRequest): string | undefined {
  const value = request.headers[FINGERPRINT_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
}

/**
 * Hourly limit for one action, counted per client IP and, separately, per visitor fingerprint
 * when one is sent: rotating fingerprints does not lift the IP count, and one phone hopping
 * between mobile IPs still meets its fingerprint count. Runs before the body is read, so an
 * over-limit client cannot make us parse a 10 MB upload.
 */
export function hourlyLimit(app: FastifyInstance, options: { bucket: string; max: number; message: string }): onRequestHookHandler[] {
  const limiter = (kind: string, keyOf: (request: FastifyRequest) => string | undefined) =>
    app.rateLimit({
      max: options.max,
      timeWindow: ONE_HOUR_MS,
      keyGenerator: (request) => `${options.bucket}:${kind}:${keyOf(request) ?? '-'}`,
      allowList: (request) => keyOf(request) === undefined,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', options.message),
    }) as onRequestHookHandler;
  return [limiter('ip', (request) => request.ip), limiter('fp', fingerprintOf)];
}
