import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMessages } from '../../common/messages';
import { createTestApp, type TestContext } from '../test/test-app';
import { deleteReport, emailReportFields, submitReport } from '../test/report-factories';

const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

describe('hourly limits (in memory)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '2', RATE_LIMIT_REPORT_DELETE: '2' });
  });
  afterAll(() => context.close());

  it('answers 429 with the Japanese message once an IP has used its reports', async () => {
    const ip = randomIp();
    for (let index = 0; index < 2; index += 1) {
      expect((await submitReport(context, emailReportFields(), undefined, { remoteAddress: ip, headers: { 'x-fingerprint': `fp-${index}` } })).statusCode).toBe(201);
    }
    const limited = await submitReport(context, emailReportFields(), undefined, { remoteAddress: ip, headers: { 'x-fingerprint': 'brand-new' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: reportMessages.submitRateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts one fingerprint across changing IPs', async () => {
    const fingerprint = `fp-${randomBytes(4).toString('hex')}`;
    for (let index = 0; index < 2; index += 1) {
      expect((await submitReport(context, emailReportFields(), undefined, { remoteAddress: randomIp(), headers: { 'x-fingerprint': fingerprint } })).statusCode).toBe(201);
    }
    const limited = await submitReport(context, emailReportFields(), undefined, { remoteAddress: randomIp(), headers: { 'x-fingerprint': fingerprint } });
    expect(limited.statusCode).toBe(429);
  });

  it('limits delete attempts per client with their own message', async () => {
    const ip = randomIp();
    const attempt = () =>
      context.app.inject({
        method: 'DELETE', url: '/api/phishing-reports/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip,
        payload: { delete_password: '1234' }, headers: { cookie: context.csrf.cookie, ...context.csrf.header },
      });
    expect((await attempt()).statusCode).toBe(404);
    expect((await attempt()).statusCode).toBe(404);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(reportMessages.deleteRateLimited);
    expect((await deleteReport(context, 'AAAAAAAAAAAAAAAAAAAAAA', '1234')).statusCode).toBe(404);
  });

  it('does not limit reading', async () => {
    const ip = randomIp();
    for (let index = 0; index < 5; index += 1) {
      expect((await context.app.inject({ url: '/api/phishing-reports', remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});

describe('hourly limits shared through Redis', () => {
  const redis = { REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_REPORT_SUBMIT: '3' };
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    first = await createTestApp(redis);
    second = await createTestApp(redis);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('lets two instances share one count', async () => {
    const ip = randomIp();
    const from = (context: TestContext) => submitReport(context, emailReportFields(), undefined, { remoteAddress: ip });
    expect((await from(first)).statusCode).toBe(201);
    expect((await from(second)).statusCode).toBe(201);
    expect((await from(first)).statusCode).toBe(201);
    const limited = await from(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(reportMessages.submitRateLimited);
  });
});

describe('hourly limits when Redis is unreachable', () => {
  it('keeps accepting reports instead of failing', async () => {
    const context = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_REPORT_SUBMIT: '1' });
    try {
      const response = await submitReport(context, emailReportFields(), undefined, { remoteAddress: randomIp() });
      expect(response.statusCode).toBe(201);
    } finally {
      await context.close();
    }
  });
});
