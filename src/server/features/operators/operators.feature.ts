import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { registerOperatorRealm } from '../../plugins/operator-realm.plugin';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import type { FileStorage } from '../../storage/file-storage';
import { SessionsRepository } from '../accounts/sessions.repo';
import { registerModerationRoutes, registerReportFlagRoute } from './moderation.routes';
import { ModerationService } from './moderation.service';
import { registerOperatorSessionRoutes, registerOperatorSignInRoutes } from './operator-auth.routes';
import { OperatorAuthService } from './operator-auth.service';
import { OperatorReportsRepository, type ReportVisibility } from './operator-reports.repo';
import { OperatorTenantsRepository } from './operator-tenants.repo';
import { registerOperatorTenantRoutes } from './operator-tenants.routes';
import { OperatorTenantsService } from './operator-tenants.service';
import { OperatorsRepository } from './operators.repo';

export interface OperatorsFeatureDeps {
  database: DatabaseHandle;
  config: AppConfig;
  clock: Clock;
  rateLimiters: RateLimiters;
  secret: string;
  storage: FileStorage;
  /** The public reports' repository: hiding and deleting go through it. */
  reports: ReportVisibility;
  mediaPath: string;
  screenshotPublisher: { kick(): void };
}

/** The operator console's API (issue 13, part 3): sign-in, the operator realm, and the public flag route. */
export async function registerOperatorsFeature(app: FastifyInstance, deps: OperatorsFeatureDeps): Promise<void> {
  const { database, config, clock, rateLimiters, secret } = deps;
  const auth = new OperatorAuthService({
    operators: new OperatorsRepository(database.db), loginAttempts: new SessionsRepository(database.db), clock, secret, appUrl: config.appUrl,
  });
  const moderation = new ModerationService({
    repo: new OperatorReportsRepository(database.db, deps.reports), storage: deps.storage, clock, secret,
    mediaPath: deps.mediaPath, screenshotPublisher: deps.screenshotPublisher, logger: app.log,
  });
  const tenants = new OperatorTenantsService({ repo: new OperatorTenantsRepository(database.db), clock });

  registerOperatorSignInRoutes(app, { auth, config, rateLimiters });
  registerReportFlagRoute(app, { service: moderation, config, rateLimiters });
  await registerOperatorRealm(app, auth, (realm) => {
    registerOperatorSessionRoutes(realm, { auth });
    registerModerationRoutes(realm, { service: moderation });
    registerOperatorTenantRoutes(realm, { service: tenants });
  });
}
