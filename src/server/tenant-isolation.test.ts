import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/schema';
import { createAccount, type FactoryAccount } from './test/account-factories';
import { createTestApp, type TestContext } from './test/test-app';

/**
 * Tenancy by construction, the other direction from route-access.test.ts: for every route of the
 * tenant realm that names a record in its path, a second tenant's token gets 404 for the first
 * tenant's record, never its data, and the record is left as it was. A new route with a new path
 * parameter fails here until it says how to make such a record (RECORD_MAKERS), and a new write
 * route until it gives a body that would pass validation (VALID_BODIES), so the 404 is the
 * ownership check and not a 422.
 */

interface MadeRecord {
  /** What the path carries: a row id, or a month (usage_id, YYYY-MM). */
  id: number | string;
  /** Text only that record holds: it must not appear in the other tenant's answer. */
  secret: string;
  /** A snapshot of the stored row, compared after the other tenant's calls. */
  snapshot: () => Promise<unknown>;
}

type RecordMaker = (db: Kysely<Database>, owner: FactoryAccount, now: string) => Promise<MadeRecord>;

const RECORD_MAKERS: Record<string, RecordMaker> = {
  user_id: async (db, owner, now) => {
    const secret = `機密花子${Math.random().toString(36).slice(2, 8)}`;
    const row = await db.insertInto('people').values({
      tenant_id: owner.tenantId!, name: secret, email: `${secret.slice(-6)}@example.co.jp`, email_key: `${secret.slice(-6)}@example.co.jp`,
      department: '機密部', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret, snapshot: () => db.selectFrom('people').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
  group_id: async (db, owner, now) => {
    const secret = `機密グループ${Math.random().toString(36).slice(2, 8)}`;
    const row = await db.insertInto('people_groups').values({ tenant_id: owner.tenantId!, name: secret, name_key: secret, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret, snapshot: () => db.selectFrom('people_groups').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
  template_id: async (db, owner, now) => {
    const secret = `機密テンプレート${Math.random().toString(36).slice(2, 8)}`;
    const row = await db.insertInto('training_templates').values({
      tenant_id: owner.tenantId!, builtin_key: null, name: secret, category: 'internal', difficulty: 2, sender_name: '総務部', sender_local_part: 'soumu',
      subject: `${secret}の件`, html_body: `<p>${secret} <a href="{{url}}">確認</a></p>`, text_body: `${secret} {{url}}`, landing: 'training', red_flags: '[]',
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret, snapshot: () => db.selectFrom('training_templates').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
  campaign_id: async (db, owner, now) => {
    const secret = `機密キャンペーン${Math.random().toString(36).slice(2, 8)}`;
    const row = await db.insertInto('campaigns').values({ tenant_id: owner.tenantId!, name: secret, status: 'draft', created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const template = await db.selectFrom('training_templates').select('id').where('tenant_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db.insertInto('campaign_templates').values({ campaign_id: row.id, template_id: template.id, position: 0 }).execute();
    return { id: row.id, secret, snapshot: () => db.selectFrom('campaigns').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
  // In the owner's newest campaign (the campaign_id record of the same route, made just before).
  recipient_id: async (db, owner, now) => {
    const secret = `機密受信者${Math.random().toString(36).slice(2, 8)}`;
    const campaign = await db.selectFrom('campaigns').select('id').where('tenant_id', '=', owner.tenantId!).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const template = await db.selectFrom('training_templates').select('id').where('tenant_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const row = await db.insertInto('campaign_recipients').values({
      tenant_id: owner.tenantId!, campaign_id: campaign.id, person_id: null, name: secret, email: `${secret.slice(-6)}@example.co.jp`, department: null,
      template_id: template.id, token: `tok${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 22), planned_at: now, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret, snapshot: () => db.selectFrom('campaign_recipients').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
  // A month only the owner has: its tenant began in 2025 and sent a campaign in June 2025 (the
  // other tenant began this month, so 2025-06 is outside its history).
  usage_id: async (db, owner, now) => {
    const secret = `機密月次${Math.random().toString(36).slice(2, 8)}`;
    await db.updateTable('tenants').set({ created_at: '2025-01-01T00:00:00.000Z' }).where('id', '=', owner.tenantId!).execute();
    await db.insertInto('tenant_monthly_usage').values({ tenant_id: owner.tenantId!, month: '2025-06', emails_sent: 1, people_count: 1 })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'month']).doNothing()).execute();
    const campaign = await db.insertInto('campaigns').values({ tenant_id: owner.tenantId!, name: secret, status: 'completed', created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const template = await db.selectFrom('training_templates').select('id').where('tenant_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db.insertInto('campaign_recipients').values({
      tenant_id: owner.tenantId!, campaign_id: campaign.id, person_id: null, name: secret, email: `${secret.slice(-6)}@example.co.jp`, department: null,
      template_id: template.id, token: `tok${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 22), status: 'sent',
      planned_at: '2025-06-10T01:00:00.000Z', sent_at: '2025-06-10T01:00:00.000Z', created_at: now,
    }).execute();
    return {
      id: '2025-06', secret,
      snapshot: () => db.selectFrom('tenant_monthly_usage').selectAll().where('tenant_id', '=', owner.tenantId!).where('month', '=', '2025-06').executeTakeFirst(),
    };
  },
  domain_id: async (db, owner, now) => {
    const secret = `secret-${Math.random().toString(36).slice(2, 8)}.example`;
    const row = await db.insertInto('sending_domains').values({ tenant_id: owner.tenantId!, domain: secret, verification_token: 'a'.repeat(32), created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return { id: row.id, secret, snapshot: () => db.selectFrom('sending_domains').selectAll().where('id', '=', row.id).executeTakeFirst() };
  },
};

/** A body each write route would accept from its own tenant (so only ownership can refuse it). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  // Built-in template 1 is every tenant's (the library is synced at start-up).
  'PUT /api/campaigns/:campaign_id': { campaign_name: '他社のキャンペーン', template_ids: [1], all_users: true },
  'PUT /api/users/:user_id': { name: '他社 太郎', email: 'other@example.co.jp', department: '営業部' },
  'PUT /api/groups/:group_id': { name: '他社グループ' },
  'PUT /api/templates/:template_id': {
    name: '他社のテンプレート', category: 'internal', difficulty: 2, sender_name: '総務部', sender_local_part: 'soumu', subject: '件名',
    html_body: '<p><a href="{{url}}">確認</a></p>', text_body: '{{url}}', landing: 'training', red_flags: [],
  },
};

/** Record routes the walk must reach (the realm may hold more; each extra one is checked too). */
const EXPECTED_RECORD_ROUTES = [
  'GET /api/users/:user_id', 'PUT /api/users/:user_id', 'DELETE /api/users/:user_id',
  'PUT /api/groups/:group_id', 'DELETE /api/groups/:group_id',
  'GET /api/templates/:template_id', 'PUT /api/templates/:template_id', 'DELETE /api/templates/:template_id',
  'POST /api/templates/:template_id/duplicate', 'POST /api/templates/:template_id/preview', 'POST /api/templates/:template_id/test-send',
  'POST /api/sending-domains/:domain_id/verify', 'DELETE /api/sending-domains/:domain_id',
  'GET /api/campaigns/:campaign_id', 'PUT /api/campaigns/:campaign_id', 'DELETE /api/campaigns/:campaign_id',
  'POST /api/campaigns/:campaign_id/launch', 'POST /api/campaigns/:campaign_id/pause', 'POST /api/campaigns/:campaign_id/resume',
  'POST /api/campaigns/:campaign_id/complete', 'GET /api/campaigns/:campaign_id/recipients', 'GET /api/campaigns/:campaign_id/export',
  'GET /api/campaigns/:campaign_id/recipients/:recipient_id/events',
  'GET /api/billing/usage/:usage_id',
];

const BODYLESS_METHODS = new Set(['GET', 'DELETE']);

describe('tenant isolation (route table)', () => {
  let context: TestContext;
  let owner: FactoryAccount;
  let other: FactoryAccount;
  beforeAll(async () => {
    context = await createTestApp();
    owner = await createAccount(context);
    other = await createAccount(context);
  });
  afterAll(() => context.close());

  const routesWithRecords = () =>
    [...context.app.tenantRealmRoutes].filter((key) => !key.startsWith('HEAD ') && key.includes('/:'));

  it('knows how to make a record for every path parameter of the realm', () => {
    for (const key of routesWithRecords()) {
      for (const [, parameter] of key.matchAll(/:([A-Za-z_]+)/g)) expect(RECORD_MAKERS, `${key}: add a RECORD_MAKERS entry for ${parameter}`).toHaveProperty(parameter!);
    }
  });

  it('answers another tenant 404 on every route that names a record, without its data, and changes nothing', async () => {
    const now = context.clock.now().toISOString();
    const checked: string[] = [];
    for (const key of routesWithRecords()) {
      const [method, pattern] = key.split(' ') as [string, string];
      const records = new Map<string, MadeRecord>();
      for (const [, parameter] of pattern.matchAll(/:([A-Za-z_]+)/g)) records.set(parameter!, await RECORD_MAKERS[parameter!]!(context.database.db, owner, now));
      const url = pattern.replace(/:([A-Za-z_]+)/g, (_match, parameter: string) => String(records.get(parameter)!.id));
      const before = await Promise.all([...records.values()].map((record) => record.snapshot()));
      const payload = BODYLESS_METHODS.has(method) ? undefined : (VALID_BODIES[key] ?? {});
      const response = await context.app.inject({
        method: method as 'GET', url, payload,
        headers: { cookie: context.csrf.cookie, ...context.csrf.header, authorization: `Bearer ${other.token}` },
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(404);
      expect(response.json().success, key).toBe(false);
      for (const record of records.values()) expect(response.body, key).not.toContain(record.secret);
      expect(await Promise.all([...records.values()].map((record) => record.snapshot())), `${key} changed the other tenant's record`).toEqual(before);
      checked.push(key);
    }
    // Proof the walk reached the record routes: a route that drops out of the realm fails here.
    expect(checked).toEqual(expect.arrayContaining(EXPECTED_RECORD_ROUTES));
    expect(checked).toEqual(expect.arrayContaining([
      'GET /api/templates/:template_id', 'PUT /api/templates/:template_id', 'DELETE /api/templates/:template_id',
      'POST /api/templates/:template_id/duplicate', 'POST /api/templates/:template_id/preview', 'POST /api/templates/:template_id/test-send',
    ]));
  });
});
