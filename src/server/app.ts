import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { SCREENSHOT_MAX_BYTES } from '../common/limits';
import { type Clock, systemClock } from './clock';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { registerErrorHandling, replyWithError } from './errors';
import { AccountSettingsService } from './features/accounts/account-settings.service';
import { AccountsRepository } from './features/accounts/accounts.repo';
import { registerAuthRoutes } from './features/accounts/auth.routes';
import { AuthService } from './features/accounts/auth.service';
import { registerCorporateRegistrationRoutes } from './features/accounts/corporate-registration.routes';
import { CorporateRegistrationService } from './features/accounts/corporate-registration.service';
import { SessionsRepository } from './features/accounts/sessions.repo';
import { DashboardRepository } from './features/dashboard/dashboard.repo';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes';
import { DashboardService } from './features/dashboard/dashboard.service';
import { UsageRepository } from './features/billing-usage/usage.repo';
import { registerUsageRoutes } from './features/billing-usage/usage.routes';
import { UsageService } from './features/billing-usage/usage.service';
import { registerHealthRoutes } from './features/health/health.routes';
import { loopbackOnly } from './features/mail/dev-mailbox-access';
import { registerDevMailboxRoutes } from './features/mail/dev-mailbox.routes';
import { MailOutboxRepository } from './features/mail/mail-outbox.repo';
import { createMailTransport, DevMailbox, type MailTransport } from './features/mail/mail-transport';
import { MailWorker, type MailWorkerOptions } from './features/mail/mail-worker';
import { Mailer } from './features/mail/mailer';
import { OpenApiRegistry } from './features/openapi/openapi.registry';
import { registerOpenApiRoutes } from './features/openapi/openapi.routes';
import { OrganizationRepository } from './features/organization/organization.repo';
import { registerOrganizationRoutes } from './features/organization/organization.routes';
import { OrganizationService } from './features/organization/organization.service';
import { registerPeopleFeature } from './features/people/people.feature';
import type { StripeGateway } from './features/billing/stripe-gateway';
import { InvoicePdfRenderer } from './features/billing/invoice-pdf-renderer';
import { createStripeGateway, registerBillingFeature, registerStripeWebhookFeature } from './features/billing/billing.feature';
import { createCampaignDispatch, type DispatcherTimings, registerCampaignsFeature } from './features/campaigns/campaigns.feature';
import type { CampaignDispatcher } from './features/campaigns/campaign-dispatcher';
import { createIndividualDispatch, type IndividualDispatcherTimings, registerIndividualTrainingFeature } from './features/individual-training/individual-training.feature';
import type { IndividualDispatcher } from './features/individual-training/individual-dispatcher';
import { registerOperatorsFeature } from './features/operators/operators.feature';
import { createInvoiceIssuer, type InvoiceIssuerTimings, registerInvoicesFeature } from './features/billing/invoices.feature';
import type { InvoiceIssuer } from './features/billing/invoice-issuer';
import { registerFaviconRoutes } from './features/pages/favicon.routes';
import { registerNotFoundPage } from './features/pages/not-found.page';
import { registerLegalPages } from './features/pages/legal-pages';
import { registerAllowListGuide } from './features/pages/allow-list-guide.page';
import { registerReportPages } from './features/pages/report-pages.routes';
import { registerTrainingPages } from './features/pages/training-pages.routes';
import { registerOperatorPages } from './features/pages/operator-pages.routes';
import { WebAssets } from './features/pages/web-assets';
import { PhishingReportsRepository } from './features/phishing-reports/phishing-reports.repo';
import { PUBLIC_MEDIA_PATH, registerPhishingReportRoutes } from './features/phishing-reports/phishing-reports.routes';
import { PhishingReportsService } from './features/phishing-reports/phishing-reports.service';
import { ScreenshotPublisher } from './features/phishing-reports/screenshot-publisher';
import { PublicTextRefresher } from './features/phishing-reports/report-public-text-refresh';
import { OriginalRetentionSweeper } from './features/phishing-reports/screenshot-retention';
import { registerScreenshotAnalysisRoutes } from './features/screenshot-ocr/screenshot-analysis.routes';
import { createScreenshotAnalyzer } from './features/screenshot-ocr/screenshot-analyzer';
import { registerTemplatesFeature } from './features/templates/templates.feature';
import { TrackingRepository } from './features/tracking/tracking.repo';
import { registerTrackingRoutes } from './features/tracking/tracking.routes';
import { TrackingService } from './features/tracking/tracking.service';
import type { ScreenshotAnalyzer } from './features/screenshot-ocr/screenshot-ocr.types';
import { SendingDomainsRepository } from './features/sending-domains/sending-domains.repo';
import { registerSendingDomainRoutes } from './features/sending-domains/sending-domains.routes';
import { SendingDomainsService } from './features/sending-domains/sending-domains.service';
import { resolveAppSecret } from './lib/app-secret';
import { closeConnectionsOnShutdown } from './lib/close-connections-on-shutdown';
import { requestIdFor, serializeRequest } from './lib/request-logging';
import { recordRouteTable } from './lib/route-table';
import { collectOpenApi, useZodSchemas } from './lib/zod-route';
import './lib/zod-japanese';
import { registerCsrf } from './plugins/csrf.plugin';
import { type RateLimiters, registerRateLimiting } from './plugins/rate-limit.plugin';
import { registerSecurityHeaders } from './plugins/security-headers.plugin';
import { registerTenantRealm } from './plugins/tenant-realm.plugin';
import { type FileStorage, LocalFileStorage } from './storage/file-storage';

export interface AppOptions {
  clock?: Clock;
  /** An already open database (each test file has its own); otherwise one is opened and closed with the app. */
  database?: DatabaseHandle;
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go instead of stdout (tests read them); the app's redaction and serializers still apply. */
  logStream?: { write(line: string): void };
  /** Log each request and answer (default: on except under NODE_ENV=test). */
  requestLogging?: boolean;
  /** Folder holding Vite's build output (manifest and assets). */
  webDistDir?: string;
  /** OCR for screenshots; tests share one pool per file. Otherwise one is made and closed with the app. */
  screenshotAnalyzer?: ScreenshotAnalyzer;
  /** Where mail goes; by default from SMTP_URL, or the development mailbox. Closed with the app only when made here. */
  mailTransport?: MailTransport;
  /** Start the outbox worker with the server (default: config MAIL_WORKER, on except under NODE_ENV=test). */
  mailWorker?: boolean;
  /** Worker timings (tests shorten them). */
  mailWorkerOptions?: Partial<Pick<MailWorkerOptions, 'pollIntervalMs' | 'staleClaimMs' | 'maxAttempts' | 'baseBackoffMs' | 'maxBackoffMs' | 'concurrency'>>;
  /** Campaign dispatcher timings (tests shorten them); it runs where the mail worker runs. */
  dispatcherOptions?: DispatcherTimings;
  individualDispatcherOptions?: IndividualDispatcherTimings;
  /** Monthly invoice job timings (tests shorten them); it runs where the mail worker runs. */
  invoiceIssuerOptions?: InvoiceIssuerTimings;
  /** Spreads sends and draws templates (tests pass a seeded one). */
  random?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background redaction and publishing of screenshots (tests await `drain()`). */
    screenshotPublisher: ScreenshotPublisher;
    /** Periodic deletion of private originals after the retention period. */
    screenshotRetention: OriginalRetentionSweeper;
    /** Outgoing mail: repositories enqueue in their transaction, services kick after the commit; `mail.worker` delivers. */
    mail: Mailer;
    /** Hands campaigns' due recipients to the outbox and moves their status (tests await `drain()`). */
    campaignDispatcher: CampaignDispatcher;
    /** Plans individual training mail and hands the due sends to the outbox (tests await `drain()`). */
    individualDispatcher: IndividualDispatcher;
    /** Renews ended subscription periods and issues their invoices on the 1st of each Tokyo month (tests await `drain()`). */
    invoiceIssuer: InvoiceIssuer;
  }
}

export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    genReqId: requestIdFor,
    // A malformed URL (bad percent escape) answers in our envelope, never echoing the path.
    frameworkErrors: replyWithError,
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: !(options.requestLogging ?? config.env !== 'test') }),
  });
  closeConnectionsOnShutdown(app);

  recordRouteTable(app);
  useZodSchemas(app);
  const openapi = new OpenApiRegistry();
  collectOpenApi(app, openapi);

  const database = options.database ?? openDatabase(config.database);
  if (!options.database) app.addHook('onClose', () => database.destroy());
  const storage = options.storage ?? new LocalFileStorage(path.join(config.dataDir, 'storage'));
  const clock = options.clock ?? systemClock;
  const secret = resolveAppSecret(config.appSecret, config.dataDir);
  const webDistDir = options.webDistDir ?? path.resolve('dist/web');
  let webAssets: WebAssets | undefined;
  const assets = () => (webAssets ??= new WebAssets(webDistDir, config.env === 'development'));

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, {
    limits: { fileSize: SCREENSHOT_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 24 },
  });
  const rateLimiters = await registerRateLimiting(app, config.redisUrl, secret);
  registerCsrf(app, { secret, secureCookies: config.appUrl.startsWith('https://') });

  await app.register(fastifyStatic, {
    root: path.join(webDistDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    // Hashed file names change with their content, so browsers may keep them forever.
    immutable: true,
    maxAge: '365d',
  });

  const screenshotAnalyzer = options.screenshotAnalyzer ?? createScreenshotAnalyzer({ size: config.ocr.workers, queueLimit: config.ocr.queueLimit, queueTimeoutMs: config.ocr.queueTimeoutMs, logger: app.log });
  if (!options.screenshotAnalyzer) app.addHook('onClose', () => screenshotAnalyzer.close());

  const reportsRepo = new PhishingReportsRepository(database.db);
  const screenshotPublisher = new ScreenshotPublisher({ repo: reportsRepo, storage, analyzer: screenshotAnalyzer, clock, logger: app.log });
  const screenshotRetention = new OriginalRetentionSweeper({
    repo: reportsRepo, storage, clock, logger: app.log, retentionDays: config.screenshotOriginalRetentionDays,
  });
  const publicTextRefresher = new PublicTextRefresher({ repo: reportsRepo, logger: app.log });
  app.decorate('screenshotPublisher', screenshotPublisher);
  app.decorate('screenshotRetention', screenshotRetention);
  app.addHook('onReady', async () => {
    screenshotPublisher.start();
    screenshotRetention.start();
    publicTextRefresher.start();
  });
  // preClose, so the report in hand finishes before any onClose hook closes the OCR pool or the database.
  app.addHook('preClose', async () => {
    await Promise.all([screenshotPublisher.close(), screenshotRetention.close(), publicTextRefresher.close()]);
  });
  const mailTransport = options.mailTransport ?? createMailTransport(config, () => clock.now());
  if (!options.mailTransport) app.addHook('onClose', () => mailTransport.close());
  const mailOutbox = new MailOutboxRepository(database.db);
  const campaignDispatch = createCampaignDispatch(database.db, { config, clock, logger: app.log, kickMail: () => mailer.kick(), timings: options.dispatcherOptions });
  const individualDispatch = createIndividualDispatch(database.db, {
    config, clock, logger: app.log, kickMail: () => mailer.kick(), random: options.random, timings: options.individualDispatcherOptions,
  });
  const mailWorker = new MailWorker({
    repo: mailOutbox, transport: mailTransport, clock, logger: app.log,
    deliveryListeners: { campaign: campaignDispatch.repo, individual: individualDispatch.repo },
    ...options.mailWorkerOptions,
  });
  const mailer = new Mailer(mailOutbox, clock, mailWorker);
  app.decorate('mail', mailer);
  app.decorate('campaignDispatcher', campaignDispatch.dispatcher);
  app.decorate('individualDispatcher', individualDispatch.dispatcher);
  const invoiceIssuer = createInvoiceIssuer(database.db, { clock, logger: app.log, timings: options.invoiceIssuerOptions });
  app.decorate('invoiceIssuer', invoiceIssuer);
  if (options.mailWorker ?? config.mail.worker) {
    app.addHook('onReady', async () => {
      mailWorker.start();
      campaignDispatch.dispatcher.start();
      invoiceIssuer.start();
    });
  }
  // preClose: the send in hand finishes (and is recorded) before the database closes.
  app.addHook('preClose', async () => {
    await Promise.all([mailWorker.close(), campaignDispatch.dispatcher.close(), individualDispatch.dispatcher.close(), invoiceIssuer.close()]);
  });
  if (mailTransport instanceof DevMailbox) {
    app.log.info(
      { folder: mailTransport.folder },
      config.mail.devMailboxPublic
        ? 'SMTP_URL is not set: mail goes to the development mailbox at /dev/mailbox, open to every client (DEV_MAILBOX_PUBLIC=1)'
        : 'SMTP_URL is not set: mail goes to the development mailbox at /dev/mailbox, served to loopback clients only (DEV_MAILBOX_PUBLIC=1 opens it)',
    );
  }

  const reportsService = new PhishingReportsService({
    repo: reportsRepo,
    storage,
    clock,
    secret,
    mediaPath: PUBLIC_MEDIA_PATH,
    screenshotPublisher,
  });

  registerHealthRoutes(app, database.ping);
  registerPhishingReportRoutes(app, { service: reportsService, storage, config, rateLimiters });
  registerScreenshotAnalysisRoutes(app, { analyzer: screenshotAnalyzer, config, rateLimiters });
  registerReportPages(app, { service: reportsService, assets, appUrl: config.appUrl });
  const stripe = createStripeGateway(config);
  const invoicePdf = new InvoicePdfRenderer();
  app.addHook('onClose', () => invoicePdf.close());
  await registerAccountFeatures(app, { database, config, clock, rateLimiters, secret, reportsRepo, random: options.random, stripe, invoicePdf });
  await registerStripeWebhookFeature(app, { db: database.db, clock, logger: app.log, stripe });
  await registerOperatorsFeature(app, { database, config, clock, rateLimiters, secret, storage, reports: reportsRepo, mediaPath: PUBLIC_MEDIA_PATH, screenshotPublisher });
  registerLegalPages(app, { assets, appUrl: config.appUrl, originalRetentionDays: config.screenshotOriginalRetentionDays });
  registerAllowListGuide(app, { assets, appUrl: config.appUrl, mail: config.mail, training: config.training });
  await registerIndividualTrainingFeature(app, {
    registrations: individualDispatch.registrations, dispatcher: individualDispatch.dispatcher, clock, config, rateLimiters, assets, secret, random: options.random,
  });
  if (mailTransport instanceof DevMailbox && config.env !== 'production') {
    const mailbox = mailTransport;
    await app.register(async (scope) => {
      if (!config.mail.devMailboxPublic) scope.addHook('onRequest', loopbackOnly);
      registerDevMailboxRoutes(scope, { mailbox, assets, appUrl: config.appUrl, trackingUrl: config.training.trackingUrl });
    });
  }
  await registerTrackingRoutes(app, {
    service: new TrackingService({
      repo: new TrackingRepository(database.db), clock, appUrl: config.appUrl, trackingUrl: config.training.trackingUrl, trainingDomain: config.mail.trainingDomain,
      minClickDelaySeconds: config.training.minClickDelaySeconds,
    }),
  });
  // Started after the template library's start-up sync (its onReady hook is added above): the
  // first pass plans the month from the consumer lures, which a new database has only after it.
  if (options.mailWorker ?? config.mail.worker) app.addHook('onReady', async () => individualDispatch.dispatcher.start());
  registerOpenApiRoutes(app, openapi, config.appUrl);
  registerTrainingPages(app, { assets, appUrl: config.appUrl });
  registerOperatorPages(app, { assets, appUrl: config.appUrl });
  registerFaviconRoutes(app);
  registerNotFoundPage(app);
  return app;
}

/** A hop count trusts that many proxies from our side (proxy-addr's meaning of a number); Fastify's types take it as a function. */
function trustProxyOption(trust: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Pino options: secrets in headers are censored and the request line's query is redacted (lib/request-logging). */
function loggerOptions(config: AppConfig, options: AppOptions): FastifyServerOptions['logger'] {
  const hygiene = {
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'req.headers["x-xsrf-token"]'],
    serializers: { req: serializeRequest },
  };
  if (options.logStream) return { level: 'info', stream: options.logStream, ...hygiene };
  return options.logger ?? { level: config.logLevel, ...hygiene };
}

/** Corporate registration, sign-in and the training app's tenant realm: repositories → services → routes. */
async function registerAccountFeatures(
  app: FastifyInstance,
  { database, config, clock, rateLimiters, secret, reportsRepo, random, stripe, invoicePdf }: {
    database: DatabaseHandle; config: AppConfig; clock: Clock; rateLimiters: RateLimiters; secret: string; reportsRepo: PhishingReportsRepository; random: (() => number) | undefined;
    stripe: StripeGateway | null; invoicePdf: InvoicePdfRenderer;
  },
): Promise<void> {
  const accounts = new AccountsRepository(database.db);
  const sessions = new SessionsRepository(database.db);
  const common = { accounts, mail: app.mail, clock, appUrl: config.appUrl };
  const auth = new AuthService({ ...common, sessions, secret });
  const settings = new AccountSettingsService({ ...common, sessions, auth });
  const registration = new CorporateRegistrationService(common);
  const dashboard = new DashboardService({ repo: new DashboardRepository(database.db), accounts, clock });
  registerCorporateRegistrationRoutes(app, { service: registration, config, rateLimiters });
  registerAuthRoutes(app, { auth, settings, config, rateLimiters });
  const registerTemplates = registerTemplatesFeature(app, { database, config, clock, mail: app.mail, reports: reportsRepo });
  await registerTenantRealm(app, auth, (realm) => {
    registerDashboardRoutes(realm, { service: dashboard });
    registerPeopleFeature(realm, { db: database.db, clock });
    registerUsageRoutes(realm, { service: new UsageService({ repo: new UsageRepository(database.db), clock }) });
    registerSendingDomainRoutes(realm, { service: SendingDomainsService.create({ repo: new SendingDomainsRepository(database.db), clock, dnsServers: config.dnsServers }) });
    registerTemplates(realm);
    registerCampaignsFeature(realm, { db: database.db, clock, config, dispatcher: app.campaignDispatcher, ...(random ? { random } : {}) });
    registerOrganizationRoutes(realm, { service: new OrganizationService({ repo: new OrganizationRepository(database.db), clock }) });
    registerBillingFeature(realm, { db: database.db, clock, config, logger: app.log, stripe });
    registerInvoicesFeature(realm, { db: database.db, clock, config, pdf: invoicePdf });
  });
}
