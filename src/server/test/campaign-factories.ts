import { expect } from 'vitest';
import type { CampaignDetail, CampaignInput } from '../../common/campaigns.schema';
import { callApi, type FactoryAccount } from './account-factories';
import type { TestContext } from './test-app';

/** People inserted straight into the tenant (bulk, fast), at the factory's confirmed domain by default. */
export async function addPeople(
  context: TestContext,
  tenantId: number,
  count: number,
  options: { domain?: string; prefix?: string; groupId?: number; department?: string | null } = {},
): Promise<number[]> {
  const now = context.clock.now().toISOString();
  const prefix = options.prefix ?? `p${Math.random().toString(36).slice(2, 8)}`;
  const ids: number[] = [];
  for (let start = 0; start < count; start += 300) {
    const rows = await context.database.db
      .insertInto('people')
      .values(Array.from({ length: Math.min(300, count - start) }, (_, index) => {
        const email = `${prefix}-${start + index}@${options.domain ?? 'example.co.jp'}`;
        return { tenant_id: tenantId, name: `受講者 ${start + index + 1}`, email, email_key: email, department: options.department ?? '営業部', created_at: now, updated_at: now };
      }))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  if (options.groupId !== undefined) {
    const groupId = options.groupId;
    for (let start = 0; start < ids.length; start += 300) {
      await context.database.db.insertInto('people_group_members').values(ids.slice(start, start + 300).map((personId) => ({ tenant_id: tenantId, group_id: groupId, person_id: personId }))).execute();
    }
  }
  return ids;
}

export async function addGroup(context: TestContext, tenantId: number, name: string): Promise<number> {
  const now = context.clock.now().toISOString();
  const row = await context.database.db.insertInto('people_groups').values({ tenant_id: tenantId, name, name_key: name.toLowerCase(), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Ids of live built-in templates, `count` of them (the library is synced at start-up). */
export async function builtinTemplateIds(context: TestContext, count = 1, landing?: 'training' | 'login'): Promise<number[]> {
  let query = context.database.db.selectFrom('training_templates').select('id').where('tenant_id', 'is', null).where('retired_at', 'is', null);
  if (landing) query = query.where('landing', '=', landing);
  const rows = await query.orderBy('id').limit(count).execute();
  return rows.map((row) => row.id);
}

export async function createCampaignViaApi(context: TestContext, account: FactoryAccount, input: Partial<CampaignInput> & Pick<CampaignInput, 'template_ids'>): Promise<CampaignDetail> {
  const response = await callApi(context, { method: 'POST', url: '/api/campaigns', token: account.token, payload: { campaign_name: '訓練キャンペーン', all_users: true, ...input } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as CampaignDetail;
}

export async function campaignAction(context: TestContext, account: FactoryAccount, id: number, action: 'launch' | 'pause' | 'resume' | 'complete') {
  return callApi(context, { method: 'POST', url: `/api/campaigns/${id}/${action}`, token: account.token });
}

/** Runs the dispatcher and the mail worker until both have nothing due (with the test clock as it stands). */
export async function dispatchAndDeliver(context: TestContext): Promise<void> {
  await context.app.campaignDispatcher.drain();
  await context.app.mail.worker.drain();
  await context.app.campaignDispatcher.drain();
}
