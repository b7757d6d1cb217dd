import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../../common/messages';
import { callApi, createAccount, createCampaign, setMonthlyUsage } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { RECENT_CAMPAIGNS_LIMIT, tokyoMonth } from './dashboard.service';

let context: TestContext;

beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

const get = (url: string, token?: string) => callApi(context, { method: 'GET', url, token });

describe('GET /api/corporate/dashboard and /api/corporate/stats', () => {
  it('answers zeros and no campaigns for a new tenant', async () => {
    const account = await createAccount(context, { companyName: '株式会社ゼロ' });
    const dashboard = await get('/api/corporate/dashboard', account.token);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().data).toEqual({
      tenant: { tenant_id: account.tenantId, company_name: '株式会社ゼロ', plan: 'free' },
      stats: { totalUsers: 0, emailsSent: 0, emailsOpened: 0, emailsClicked: 0 },
      recent_campaigns: [],
      month: '2026-11',
    });
    expect((await get('/api/corporate/stats', account.token)).json()).toEqual({ success: true, data: { totalUsers: 0, emailsSent: 0, emailsOpened: 0, emailsClicked: 0 } });
  });

  it('answers this month’s figures (Asia/Tokyo) and the newest campaigns first', async () => {
    // 2026-11-30T15:30Z is already December in Tokyo.
    context.clock.set(new Date('2026-11-30T15:30:00Z'));
    const account = await createAccount(context);
    const tenantId = account.tenantId!;
    expect(tokyoMonth(context.clock.now())).toBe('2026-12');
    await setMonthlyUsage(context, tenantId, '2026-11', { emails_sent: 99, emails_opened: 9, emails_clicked: 1 });
    await setMonthlyUsage(context, tenantId, '2026-12', { emails_sent: 8, emails_opened: 5, emails_clicked: 2 });
    for (let index = 0; index < RECENT_CAMPAIGNS_LIMIT + 2; index += 1) {
      await createCampaign(context, tenantId, {
        name: `訓練${index}`, status: index % 2 ? 'completed' : 'running', total_targets: 10, emails_sent: 3, emails_opened: 2, emails_clicked: 1,
        created_at: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
      });
    }
    const data = (await get('/api/corporate/dashboard', account.token)).json().data;
    expect(data.stats).toEqual({ totalUsers: 0, emailsSent: 8, emailsOpened: 5, emailsClicked: 2 });
    expect(data.month).toBe('2026-12');
    expect(data.recent_campaigns).toHaveLength(RECENT_CAMPAIGNS_LIMIT);
    expect(data.recent_campaigns[0]).toEqual({
      campaign_id: expect.any(Number), campaign_name: '訓練6', status: 'running', total_targets: 10,
      emails_sent: 3, emails_opened: 2, emails_clicked: 1, created_at: '2026-11-07T09:00:00.000+09:00',
    });
    expect(data.recent_campaigns.map((campaign: { campaign_name: string }) => campaign.campaign_name)).toEqual(['訓練6', '訓練5', '訓練4', '訓練3', '訓練2']);
  });

  it('never shows another tenant’s users, figures or campaigns', async () => {
    const first = await createAccount(context, { companyName: '株式会社ファースト' });
    const second = await createAccount(context, { companyName: '株式会社セカンド' });
    await setMonthlyUsage(context, first.tenantId!, '2026-11', { emails_sent: 7, emails_opened: 3, emails_clicked: 1 });
    await createCampaign(context, first.tenantId!, { name: 'ファーストの訓練', emails_sent: 7 });
    // Two people registered for training in the first tenant (through the people API); accounts,
    // the administrator's included, are not counted.
    for (const label of ['a', 'b']) {
      const added = await callApi(context, { method: 'POST', url: '/api/users', token: first.token, payload: { name: `受講者${label}`, email: `person-${label}@example.co.jp` } });
      expect(added.statusCode).toBe(201);
    }
    await context.database.db.insertInto('users').values({
      tenant_id: first.tenantId, email: `member-${first.userId}@example.co.jp`, password_hash: 'x', role: 'member',
      terms_agreed_at: '2026-11-21T00:00:00Z', password_changed_at: '2026-11-21T00:00:00Z', created_at: '2026-11-21T00:00:00Z', updated_at: '2026-11-21T00:00:00Z',
    }).execute();

    const firstData = (await get('/api/corporate/dashboard', first.token)).json().data;
    expect(firstData.stats).toEqual({ totalUsers: 2, emailsSent: 7, emailsOpened: 3, emailsClicked: 1 });
    const secondData = (await get('/api/corporate/dashboard', second.token)).json().data;
    expect(secondData.tenant.company_name).toBe('株式会社セカンド');
    expect(secondData.stats).toEqual({ totalUsers: 0, emailsSent: 0, emailsOpened: 0, emailsClicked: 0 });
    expect(secondData.recent_campaigns).toEqual([]);
    expect((await get('/api/corporate/stats', second.token)).json().data.totalUsers).toBe(0);
  });

  it('answers 401 to anonymous callers and 403 to individuals', async () => {
    for (const url of ['/api/corporate/dashboard', '/api/corporate/stats']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(accountMessages.unauthenticated);
      const individual = await createAccount(context, { companyName: null });
      expect((await get(url, individual.token)).statusCode).toBe(403);
    }
  });
});
