import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, reportMessages } from '../common/messages';
import { ConfigError, loadConfig } from './config';
import { keyedDigest } from './lib/secret-hash';
import { emailReportFields, submitReport } from './test/report-factories';
import { createTestApp, type TestContext } from './test/test-app';

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('access log', () => {
  const lines: string[] = [];
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({}, { logStream: { write: (line: string) => void lines.push(line) }, requestLogging: true });
  });
  afterAll(() => context.close());

  it('never writes the token or address of a mailed link', async () => {
    const token = `live-link-${randomBytes(8).toString('hex')}`;
    for (const url of [
      `/corporate/password/reset?token=${token}&email=taro.yamada%40example.co.jp`,
      `/corporate/register/account?email=taro.yamada%40example.co.jp&token=${token}`,
      `/account/email/verify?token=${token}`,
    ]) {
      await context.app.inject({ url, headers: { accept: 'text/html' } });
    }
    const log = lines.join('');
    expect(log).toContain('/corporate/password/reset?token=[redacted]&email=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('taro.yamada');
  });

  it('keeps harmless paging parameters readable', async () => {
    await context.app.inject({ url: '/api/phishing-reports?limit=5&offset=10&q=secret-words' });
    const log = lines.join('');
    expect(log).toContain('/api/phishing-reports?limit=5&offset=10&q=[redacted]');
    expect(log).not.toContain('secret-words');
  });

  it('keeps a short plain X-Request-Id and replaces a long or odd one', async () => {
    const marker = async (requestId: string) => {
      lines.length = 0;
      await context.app.inject({ url: '/healthz', headers: { 'x-request-id': requestId } });
      return lines.map((line) => JSON.parse(line) as { request_id?: string }).find((entry) => entry.request_id)?.request_id;
    };
    expect(await marker('edge-7f3a:42')).toBe('edge-7f3a:42');
    const long = 'a'.repeat(5000);
    const replaced = await marker(long);
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect(await marker('forged\u0000"line')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad URLs and bad parameters', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('answers a malformed percent escape with the Japanese envelope and never echoes the path', async () => {
    for (const url of ['/api/%E0%A4%A', '/phishing-reports/%', '/%ZZsecret-path']) {
      const response = await context.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ success: false, message: commonMessages.badRequest });
      expect(response.body).not.toContain('secret-path');
    }
  });

  it('names list parameters in Japanese, never in zod English', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=1000', 'offset=-1', 'offset=1.5', 'receipt_method=fax']) {
      const response = await context.app.inject({ url: `/api/phishing-reports?${query}` });
      expect(response.statusCode, query).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message, query).toMatch(japanese);
      expect(body.message, query).not.toMatch(/expected|Too small|Invalid/i);
      for (const messages of Object.values(body.errors)) for (const message of messages) expect(message).toMatch(japanese);
    }
  });

  it('explains an oversized fingerprint in Japanese', async () => {
    const response = await submitReport(context, emailReportFields({ fingerprint: 'f'.repeat(500) }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.fingerprint).toEqual([reportMessages.fingerprintInvalid]);
  });
});

describe('TRUST_PROXY', () => {
  it('reads a hop count, an address list, and treats true as one hop', () => {
    const parse = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 192.168.0.0/16,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback']);
    expect(() => parse('everyone')).toThrow(ConfigError);
  });

  it('counts a client behind one proxy by the address the proxy saw, whatever it writes at the left of X-Forwarded-For', async () => {
    const context = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_REPORT_SUBMIT: '3' });
    try {
      const client = `203.0.113.${randomBytes(1)[0]}`;
      const viaProxy = () => submitReport(context, emailReportFields(), undefined, {
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]}, ${client}`, 'x-fingerprint': `fp-${randomBytes(4).toString('hex')}` },
      });
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await viaProxy()).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await context.close();
    }
  });

  it('ignores X-Forwarded-For entirely when unset', async () => {
    const context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '2' });
    try {
      const socket = `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await submitReport(context, emailReportFields(), undefined, {
          remoteAddress: socket, headers: { 'x-forwarded-for': `198.51.100.${attempt}`, 'x-fingerprint': `fp-${randomBytes(4).toString('hex')}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await context.close();
    }
  });
});

describe('rate-limit keys in Redis', () => {
  it('are named by bucket and hold keyed digests, never the raw IP or fingerprint', async () => {
    const redis = new Redis('redis://127.0.0.1:6379');
    const context = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      const ip = `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const fingerprint = `fp-private-${randomBytes(6).toString('hex')}`;
      expect((await submitReport(context, emailReportFields(), undefined, { remoteAddress: ip, headers: { 'x-fingerprint': fingerprint } })).statusCode).toBe(201);
      // Exactly these keys, right after the prefix (the plugin's own store put `undefinedundefined-` there).
      const digest = (value: string) => keyedDigest(context.config.appSecret as string, value);
      for (const key of [`kizuki:rate-limit:report-submit:ip:${digest(ip)}`, `kizuki:rate-limit:report-submit:fp:${digest(fingerprint)}`]) {
        expect(await redis.get(key), key).toBe('1');
      }
      // Other runs share this Redis, so only keys of this visitor are inspected; none holds them in clear.
      const keys = await redis.keys('*rate-limit*');
      expect(keys.filter((key) => key.includes(ip) || key.includes(fingerprint))).toEqual([]);
    } finally {
      await context.close();
      redis.disconnect();
    }
  });
});

describe('development mailbox access', () => {
  it('serves loopback clients only, unless DEV_MAILBOX_PUBLIC=1', async () => {
    const closed = await createTestApp();
    const open = await createTestApp({ DEV_MAILBOX_PUBLIC: '1' });
    try {
      const get = (context: TestContext, remoteAddress: string) => context.app.inject({ url: '/dev/mailbox', remoteAddress, headers: { accept: 'text/html' } });
      expect((await get(closed, '127.0.0.1')).statusCode).toBe(200);
      expect((await get(closed, '::1')).statusCode).toBe(200);
      expect((await get(closed, '::ffff:127.0.0.1')).statusCode).toBe(200);
      const outsider = await get(closed, '203.0.113.9');
      expect(outsider.statusCode).toBe(404);
      expect(outsider.body).not.toContain('開発用メールボックス');
      expect((await closed.app.inject({ url: '/dev/mailbox/whatever/raw', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      expect((await get(open, '203.0.113.9')).statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
