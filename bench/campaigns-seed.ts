import { ENTERPRISE_PLAN_ID } from '../src/common/plans';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import { newOpaqueToken } from '../src/server/lib/secret-hash';

export interface CampaignsSeed {
  tenantId: number;
  token: string;
}

/** The administrator's confirmed address makes this domain sendable (SendingDomainPolicy). */
export const BENCH_DOMAIN = 'kizuki-bench.co.jp';
const DEPARTMENTS = ['営業部', '総務部', '人事部', '経理部', '情報システム部', '開発部'];
const CHUNK = 500;

/**
 * One paying tenant (no free monthly cap) with a signed-in administrator and `people` people at
 * the administrator's domain, inserted in bulk.
 */
export async function seedCampaignTenant(db: Kysely<Database>, people: number): Promise<CampaignsSeed> {
  const now = new Date().toISOString();
  // Thousands of recipients: the enterprise plan, which has no fixed cap.
  const tenant = await db.insertInto('tenants').values({ company_name: 'ベンチ配信株式会社', plan: ENTERPRISE_PLAN_ID, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const admin = await db.insertInto('users').values({
    tenant_id: tenant.id, email: `admin@${BENCH_DOMAIN}`, name: 'ベンチ管理者', password_hash: 'x', role: 'admin',
    email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const { token, hash } = newOpaqueToken();
  await db.insertInto('auth_tokens').values({ user_id: admin.id, token_hash: hash, created_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() }).execute();
  for (let start = 0; start < people; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, people - start) }, (_, offset) => {
      const index = start + offset;
      const email = `staff${String(index).padStart(5, '0')}@${BENCH_DOMAIN}`;
      return { tenant_id: tenant.id, name: `社員 ${index + 1}`, email, email_key: email, department: DEPARTMENTS[index % DEPARTMENTS.length] ?? null, created_at: now, updated_at: now };
    });
    await db.insertInto('people').values(rows).execute();
  }
  return { tenantId: tenant.id, token };
}
