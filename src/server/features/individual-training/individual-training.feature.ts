import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { JobLogger } from '../../lib/jobs/job-runner';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { WebAssets } from '../pages/web-assets';
import { IndividualDispatchRepository } from './individual-dispatch.repo';
import { IndividualDispatcher, type IndividualDispatcherOptions } from './individual-dispatcher';
import { IndividualRegistrationService } from './individual-registration.service';
import { IndividualRegistrationsRepository } from './individual-registrations.repo';
import { registerIndividualTrainingRoutes } from './individual-training.routes';

export type IndividualDispatcherTimings = Partial<Pick<IndividualDispatcherOptions, 'pollIntervalMs' | 'staleClaimMs' | 'planBatchSize' | 'sendBatchSize'>>;

/** The dispatcher lane and the delivery listener the mail worker tells about individual training mail. */
export function createIndividualDispatch(
  db: DatabaseHandle['db'],
  { config, clock, logger, kickMail, random, timings }: { config: AppConfig; clock: Clock; logger: JobLogger; kickMail: () => void; random?: (() => number) | undefined; timings?: IndividualDispatcherTimings | undefined },
): { registrations: IndividualRegistrationsRepository; repo: IndividualDispatchRepository; dispatcher: IndividualDispatcher } {
  const registrations = new IndividualRegistrationsRepository(db);
  const repo = new IndividualDispatchRepository(db, registrations, clock);
  const dispatcher = new IndividualDispatcher({
    registrations, repo, clock, logger, kickMail,
    appUrl: config.appUrl,
    trackingUrl: config.training.trackingUrl,
    trainingDomain: config.mail.trainingDomain,
    header: config.training.header,
    skipHolidays: config.training.individualSkipHolidays,
    ...(random ? { random } : {}),
    ...timings,
  });
  return { registrations, repo, dispatcher };
}

/** The public registration and unsubscribe routes, wired once. */
export async function registerIndividualTrainingFeature(
  app: FastifyInstance,
  deps: { registrations: IndividualRegistrationsRepository; dispatcher: IndividualDispatcher; clock: Clock; config: AppConfig; rateLimiters: RateLimiters; assets: () => WebAssets; secret: string; random?: (() => number) | undefined },
): Promise<void> {
  const service = new IndividualRegistrationService({
    repo: deps.registrations, dispatcher: deps.dispatcher, clock: deps.clock, logger: app.log, secret: deps.secret,
    ...(deps.random ? { random: deps.random } : {}),
  });
  await registerIndividualTrainingRoutes(app, { service, config: deps.config, rateLimiters: deps.rateLimiters, assets: deps.assets });
}
