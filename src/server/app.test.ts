import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../common/messages';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { emailReportFields, pngWithMetadata, submitReport } from './test/report-factories';
import { createTestApp, type TestContext } from './test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('platform', () => {
  it('answers /healthz when the database answers', async () => {
    const response = await context.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document built from the route schemas', async () => {
    const document = (await context.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/phishing-reports', '/api/phishing-reports/{id}']));
    const listParameters = document.paths['/api/phishing-reports'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(listParameters).toEqual(['limit', 'offset', 'receipt_method', 'q', 'similar_to']);
    expect(document.paths['/api/phishing-reports/{id}'].delete.requestBody.content['application/json'].schema.properties).toHaveProperty('delete_password');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/phishing-reports/{id}/flags', '/api/operator/login', '/api/operator/reports', '/api/operator/reports/{id}/hide']));
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const response = await context.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: commonMessages.notFound });
  });

  it('never shows internals on a 5xx', async () => {
    const failingStorage = {
      put: () => Promise.reject(new Error('disk exploded at /srv/secret/path')),
      get: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      list: async function* () {},
      deleteUnfinishedWrites: () => Promise.resolve(0),
    };
    const broken = await createTestApp({}, { storage: failingStorage });
    try {
      const response = await submitReport(broken, emailReportFields(), { content: await pngWithMetadata() });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, message: commonMessages.internalError });
      expect(response.body).not.toContain('secret');
    } finally {
      await broken.close();
    }
  });

  it('fails the health check when the database does not answer', async () => {
    const broken = await createTestApp();
    const unreachable = { ...broken.database, ping: () => Promise.reject(new Error('connection refused')) };
    const app = await buildApp(broken.config, { database: unreachable, logger: false, webDistDir: broken.dataDir });
    try {
      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().success).toBe(false);
    } finally {
      await app.close();
      await broken.close();
    }
  });

  it('sets hardening headers', async () => {
    const response = await context.app.inject({ url: '/phishing-reports', headers: { accept: 'text/html' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', trustProxy: false, redisUrl: undefined });
    expect(config.rateLimits).toEqual({ reportSubmit: 10, screenshotAnalyze: 20, reportDelete: 30, login: 30, accountMail: 10, register: 10, individualRegister: 10, individualAddress: 5, reportFlag: 10 });
    expect(config.training.individualSkipHolidays).toBe(true);
    expect(loadConfig({ INDIVIDUAL_SKIP_HOLIDAYS: '0' }).training.individualSkipHolidays).toBe(false);
    expect(config.database).toMatchObject({ dialect: 'sqlite' });
    expect(config.database.dialect === 'sqlite' && config.database.filename.endsWith('data/kizuki.sqlite')).toBe(true);
  });

  it('reads sqlite: and postgres:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ dialect: 'sqlite', filename: '/tmp/x.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ dialect: 'postgres', connectionString: 'postgres://u@h/db' });
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_REPORT_SUBMIT: '-3' })).toThrow(/RATE_LIMIT_REPORT_SUBMIT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads the mail settings: SMTP_URL, MAIL_FROM, MAIL_WORKER, DEV_MAILBOX_PUBLIC', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: { name: 'キヅキ', address: 'no-reply@kizuki.example' }, worker: true, devMailboxPublic: false, trainingDomain: 'training.kizuki.example' });
    expect(loadConfig({ DEV_MAILBOX_PUBLIC: '1' }).mail.devMailboxPublic).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.worker).toBe(false);
    expect(loadConfig({ MAIL_WORKER: '0' }).mail.worker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', MAIL_WORKER: '1' }).mail.worker).toBe(true);
    const config = loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.jp:465', MAIL_FROM: 'Kizuki <mail@kizuki.example>' });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtps://user:p%40ss@mail.example.jp:465', from: { name: 'Kizuki', address: 'mail@kizuki.example' } });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.jp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.jp\r\nBcc: c@d.jp' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_WORKER: 'maybe' })).toThrow(/MAIL_WORKER/);
  });

  it('refuses to start in production without SMTP_URL (no development mailbox there)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.jp:587' }).mail.smtpUrl).toBe('smtp://mail.example.jp:587');
  });
});
