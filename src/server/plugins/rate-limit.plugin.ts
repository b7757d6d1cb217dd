import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { FINGERPRINT_HEADER } from '../../common/http-headers';
import { AppError } from '../errors';
import { keyedDigest } from '../lib/secret-hash';

const REDIS_KEY_PREFIX = 'kizuki:rate-limit:';

/** One round trip per hit: count, and start the window on the first hit. Answers [count, ms left]. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { current, redis.call('PTTL', KEYS[1]) }`;

/**
 * A shared count in Redis. @fastify/rate-limit's built-in store keys the limiters made by
 * `fastify.rateLimit()` as `<nameSpace><method><url>-` from a route they do not have, so every key
 * began `undefinedundefined-`; ours are `kizuki:rate-limit:<bucket>:<ip|fp>:<HMAC of the value>`.
 */
function redisStore(redis: Redis): new () => FastifyRateLimitStore {
  return class SharedRedisStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      redis.eval(INCREMENT_SCRIPT, 1, `${REDIS_KEY_PREFIX}${key}`, timeWindow).then(
        (answer) => {
          const [current, ttl] = answer as [number, number];
          callback(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
        },
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

const ONE_HOUR_MS = 60 * 60 * 1000;

type LimiterFactory = FastifyInstance['rateLimit'];

export interface RateLimiters {
  /** Hourly limit for one action, counted per client IP and separately per fingerprint. */
  hourly(options: { bucket: string; max: number; message: string }): onRequestHookHandler[];
  /**
   * Hourly limit counted per a value of the validated request (e.g. the address being registered);
   * a preHandler hook, so the body is parsed and checked first. No value: not counted.
   */
  hourlyPerValue(options: { bucket: string; max: number; message: string; valueOf: (request: FastifyRequest) => string | undefined }): preHandlerHookHandler;
}

function fingerprintOf(request: FastifyRequest): string | undefined {
  const value = request.headers[FINGERPRINT_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
}

/**
 * In memory by default; with REDIS_URL every instance counts in one shared store. Keys are
 * `kizuki:rate-limit:<bucket>:<ip|fp>:<HMAC of the value>`.
 *
 * @fastify/rate-limit runs at most one of its limiters per request and plugin instance, so the
 * IP count and the fingerprint count each get their own instance (in their own encapsulated
 * context, where the `rateLimit` decorator does not collide).
 */
export async function registerRateLimiting(app: FastifyInstance, redisUrl: string | undefined, secret: string): Promise<RateLimiters> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    // An outage must not take reporting down with it: counting is skipped (skipOnError below)
    // and logged until Redis answers again. The delete lockout lives in the database, not here.
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable; limits are not counted'));
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  const isolatedFactory = async (): Promise<LimiterFactory> => {
    let factory: LimiterFactory | undefined;
    await app.register(async (context) => {
      await context.register(rateLimit, { global: false, skipOnError: true, ...(redis ? { store: redisStore(redis) } : {}) });
      factory = context.rateLimit.bind(context);
    });
    if (!factory) throw new Error('rate limiter did not register');
    return factory;
  };
  const perIp = await isolatedFactory();
  const perFingerprint = await isolatedFactory();
  const perValue = await isolatedFactory();
  const limiter = (factory: LimiterFactory, options: { bucket: string; max: number; message: string; kind: string; keyOf: (request: FastifyRequest) => string | undefined }) =>
    factory({
      max: options.max,
      timeWindow: ONE_HOUR_MS,
      // Keyed digests, as the database keeps them: a Redis dump must not list visitors' IPs, device ids or addresses.
      keyGenerator: (request) => `${options.bucket}:${options.kind}:${keyedDigest(secret, options.keyOf(request) ?? '-')}`,
      allowList: (request) => options.keyOf(request) === undefined,
      errorResponseBuilder: () => new AppError('RATE_LIMITED', options.message),
    });

  return {
    // Runs before the body is read, so an over-limit client cannot make us parse a 10 MB upload.
    hourly: ({ bucket, max, message }) => [
      limiter(perIp, { bucket, max, message, kind: 'ip', keyOf: (request) => request.ip }) as onRequestHookHandler,
      limiter(perFingerprint, { bucket, max, message, kind: 'fp', keyOf: fingerprintOf }) as onRequestHookHandler,
    ],
    hourlyPerValue: ({ bucket, max, message, valueOf }) => limiter(perValue, { bucket, max, message, kind: 'value', keyOf: valueOf }) as preHandlerHookHandler,
  };
}
