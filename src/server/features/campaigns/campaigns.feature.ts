import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { JobLogger } from '../../lib/jobs/job-runner';
import type { ZodRoutes } from '../../lib/zod-route';
import { SendingDomainPolicy } from '../sending-domains/sending-domain-policy';
import { SendingDomainsRepository } from '../sending-domains/sending-domains.repo';
import { registerCampaignActionRoutes } from './campaign-actions.routes';
import { CampaignDispatchRepository } from './campaign-dispatch.repo';
import { CampaignDispatcher, type CampaignDispatcherOptions } from './campaign-dispatcher';
import { CampaignLifecycleService } from './campaign-lifecycle.service';
import { CampaignResultsService } from './campaign-results.service';
import { CampaignsRepository } from './campaigns.repo';
import { registerCampaignRoutes } from './campaigns.routes';
import { CampaignsService } from './campaigns.service';

export type DispatcherTimings = Partial<Pick<CampaignDispatcherOptions, 'pollIntervalMs' | 'staleClaimMs' | 'batchSize'>>;

/** The dispatcher lane and the delivery listener the mail worker tells about training mail. */
export function createCampaignDispatch(
  db: DatabaseHandle['db'],
  { config, clock, logger, kickMail, timings }: { config: AppConfig; clock: Clock; logger: JobLogger; kickMail: () => void; timings?: DispatcherTimings },
): { repo: CampaignDispatchRepository; dispatcher: CampaignDispatcher } {
  const repo = new CampaignDispatchRepository(db);
  const dispatcher = new CampaignDispatcher({
    repo, clock, logger, kickMail,
    trainingDomain: config.mail.trainingDomain,
    trackingUrl: config.training.trackingUrl,
    header: config.training.header,
    trackingDays: config.training.trackingDays,
    ...timings,
  });
  return { repo, dispatcher };
}

/** Campaigns inside the tenant realm: repository → services → routes, wired once. */
export function registerCampaignsFeature(
  realm: ZodRoutes,
  { db, clock, config, dispatcher, random }: { db: DatabaseHandle['db']; clock: Clock; config: AppConfig; dispatcher: CampaignDispatcher; random?: () => number },
): void {
  const repo = new CampaignsRepository(db);
  const policy = new SendingDomainPolicy(new SendingDomainsRepository(db));
  const results = new CampaignResultsService({ repo, clock, trackingDays: config.training.trackingDays });
  const lifecycle = new CampaignLifecycleService({
    repo, policy, results, clock, ...(random ? { random } : {}),
    kickDispatcher: (firstDue) => {
      if (dispatcher.started) dispatcher.kick(firstDue);
    },
  });
  const service = new CampaignsService({ repo, policy, results, lifecycle, clock });
  registerCampaignRoutes(realm, { service, results });
  registerCampaignActionRoutes(realm, { lifecycle, results });
}
