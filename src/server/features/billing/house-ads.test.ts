import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_ADS } from '../../../common/house-ads';
import { ConfigError, loadConfig } from '../../config';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { subscribe } from '../../test/billing-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** The free plan's ad slot (issue 14): house ads from a configurable list, only for a free tenant's administrator. */
const configured = [
  { title: '標的型メール訓練の手引き', text: '訓練の進め方を解説した資料を無料で配布しています。', link: { href: 'https://kizuki.example/guide', label: '資料を見る' } },
  { title: 'ライトプランのご案内', text: '50名まで、毎月250通まで。', link: { href: '/account/upgrade', label: 'プランを比較する' } },
];
const adsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-ads-')), 'house-ads.json');
fs.writeFileSync(adsFile, JSON.stringify(configured));

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ HOUSE_ADS_FILE: adsFile });
  context.clock.set(new Date('2026-11-26T01:00:00Z'));
});
afterAll(() => context.close());

const adsFor = async (account: FactoryAccount) => {
  const answer = await callApi(context, { method: 'GET', url: '/api/house-ads', token: account.token });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.ads;
};

describe('GET /api/house-ads', () => {
  it('gives a free tenant’s administrator the configured ad of the day (Tokyo), the next one the next day', async () => {
    const account = await createAccount(context);
    const today = await adsFor(account);
    expect(today).toHaveLength(1);
    expect(configured).toContainEqual(today[0]);
    // 15:00 UTC is midnight in Tokyo: the next day there, the next ad (after signing in again).
    context.clock.set(new Date('2026-11-26T15:00:00Z'));
    try {
      const login = await callApi(context, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      const tomorrow = await adsFor({ ...account, token: login.json().data.token as string });
      expect(tomorrow[0]).not.toEqual(today[0]);
    } finally {
      context.clock.set(new Date('2026-11-26T01:00:00Z'));
    }
  });

  it('gives nothing on a paid plan', async () => {
    const account = await createAccount(context);
    await subscribe(context, account.tenantId!, { plan: 'light' });
    expect(await adsFor(account)).toEqual([]);
  });
});

describe('HOUSE_ADS_FILE', () => {
  const base = () => ({ NODE_ENV: 'test', DATA_DIR: context.dataDir });
  const write = (content: unknown) => {
    const file = path.join(path.dirname(adsFile), `ads-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };

  it('defaults to the built-in ads and reads a valid list', () => {
    expect(loadConfig(base()).houseAds).toEqual(DEFAULT_HOUSE_ADS);
    expect(loadConfig({ ...base(), HOUSE_ADS_FILE: adsFile }).houseAds).toEqual(configured);
  });

  it('stops the server on a file that is missing, not JSON, or holds an ad that could load someone else’s page or script', () => {
    const ad = configured[0]!;
    for (const bad of [
      path.join(path.dirname(adsFile), 'missing.json'),
      write('not json'),
      write({ title: 'not a list' }),
      write([{ ...ad, link: { ...ad.link, href: 'http://tracker.example/' } }]),
      write([{ ...ad, link: { ...ad.link, href: 'javascript:alert(1)' } }]),
      write([{ ...ad, link: { ...ad.link, href: '//evil.example/' } }]),
      write([{ ...ad, title: 'あ'.repeat(41) }]),
    ]) {
      expect(() => loadConfig({ ...base(), HOUSE_ADS_FILE: bad }), bad).toThrow(ConfigError);
    }
  });
});
