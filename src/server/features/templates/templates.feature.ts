import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { ZodRoutes } from '../../lib/zod-route';
import type { Mailer } from '../mail/mailer';
import type { PhishingReportsRepository } from '../phishing-reports/phishing-reports.repo';
import { syncBuiltinTemplates } from './builtin-sync';
import { BUILTIN_TEMPLATES } from './builtin-templates';
import { registerTemplateActionRoutes } from './template-actions.routes';
import { registerTemplatePreviewPage } from './template-preview.routes';
import { TemplatesRepository } from './templates.repo';
import { registerTemplateRoutes } from './templates.routes';
import { TemplatesService } from './templates.service';

export interface TemplatesFeatureDeps {
  database: DatabaseHandle;
  config: AppConfig;
  clock: Clock;
  mail: Mailer;
  reports: PhishingReportsRepository;
}

/**
 * Templates (issue 10 part 3): syncs the built-in library when the app is ready, serves preview
 * documents (outside the realm: an iframe has no bearer token), and returns what to register
 * inside the tenant realm (the /api/templates routes).
 */
export function registerTemplatesFeature(app: FastifyInstance, deps: TemplatesFeatureDeps): (realm: ZodRoutes) => void {
  const repo = new TemplatesRepository(deps.database.db);
  const service = new TemplatesService({
    repo, reports: deps.reports, mail: deps.mail, clock: deps.clock, appUrl: deps.config.appUrl, trainingDomain: deps.config.mail.trainingDomain,
  });
  app.addHook('onReady', async () => {
    await syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, deps.clock.now(), app.log);
  });
  registerTemplatePreviewPage(app, { service });
  return (realm) => {
    registerTemplateRoutes(realm, { service });
    registerTemplateActionRoutes(realm, { service });
  };
}
