import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashSecret, newOpaqueToken, PASSWORD_COST } from '../lib/secret-hash';
import { decodeHeader, mimeParts, parseRawMail, type TestSmtpServer } from './smtp-test-server';
import { type TestContext, withCsrf } from './test-app';

/** The password every factory account has (meets SPEC §5: 8+ characters, letters and digits). */
export const FACTORY_PASSWORD = 'factory-Passw0rd';

let factoryHash: Promise<string> | undefined;
const passwordHash = () => (factoryHash ??= hashSecret(FACTORY_PASSWORD, PASSWORD_COST));

/** An address no other test uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.co.jp`;
}

export interface FactoryAccount {
  userId: number;
  tenantId: number | null;
  email: string;
  password: string;
  /** A valid bearer token for this user. */
  token: string;
}

/** A tenant with its administrator (or an individual when `companyName` is null), signed in. */
export async function createAccount(
  context: TestContext,
  options: { companyName?: string | null; email?: string; name?: string } = {},
): Promise<FactoryAccount> {
  const db = context.database.db;
  const now = context.clock.now().toISOString();
  const companyName = options.companyName === undefined ? `株式会社テスト${randomBytes(3).toString('hex')}` : options.companyName;
  const tenant = companyName === null
    ? null
    : await db.insertInto('tenants').values({ company_name: companyName, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const email = options.email ?? uniqueEmail(companyName === null ? 'individual' : 'admin');
  const user = await db
    .insertInto('users')
    .values({
      tenant_id: tenant?.id ?? null, email, name: options.name ?? '', password_hash: await passwordHash(),
      email_verified_at: now, terms_agreed_at: now, password_changed_at: now, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token, hash } = newOpaqueToken();
  const expires = new Date(context.clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString();
  await db.insertInto('auth_tokens').values({ user_id: user.id, token_hash: hash, created_at: now, expires_at: expires }).execute();
  return { userId: user.id, tenantId: tenant?.id ?? null, email, password: FACTORY_PASSWORD, token };
}

/** A campaign row with its counters, owned by one tenant. */
export async function createCampaign(
  context: TestContext,
  tenantId: number,
  fields: { name: string; status?: string; total_targets?: number; emails_sent?: number; emails_opened?: number; emails_clicked?: number; created_at?: string },
): Promise<number> {
  const created = fields.created_at ?? context.clock.now().toISOString();
  const row = await context.database.db
    .insertInto('campaigns')
    .values({ tenant_id: tenantId, updated_at: created, ...fields, created_at: created })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setMonthlyUsage(context: TestContext, tenantId: number, month: string, usage: { emails_sent: number; emails_opened: number; emails_clicked: number }): Promise<void> {
  await context.database.db.insertInto('tenant_monthly_usage').values({ tenant_id: tenantId, month, ...usage }).execute();
}

/** A JSON call as the browser makes it: CSRF cookie + header, and the bearer token when given. */
export function callApi(context: TestContext, options: { method: InjectOptions['method']; url: string; payload?: Record<string, unknown>; token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return context.app.inject(withCsrf(context, { method: options.method, url: options.url, payload: options.payload, headers }));
}

export interface DeliveredMail {
  subject: string;
  text: string;
  html: string;
  headers: Map<string, string>;
}

/** Delivers the outbox to the test SMTP server and returns what reached one address, oldest first. */
export async function deliveredTo(context: TestContext, smtp: TestSmtpServer, address: string): Promise<DeliveredMail[]> {
  await context.app.mail.worker.drain();
  return smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => {
      const { headers } = parseRawMail(mail.raw);
      const parts = mimeParts(mail.raw);
      return { subject: decodeHeader(headers.get('subject') ?? ''), text: parts.get('text/plain') ?? '', html: parts.get('text/html') ?? '', headers };
    });
}

/** The first link under APP_URL in a mail's text part. */
export function linkIn(mail: DeliveredMail, appUrl: string): URL {
  const escaped = appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"]+`).exec(mail.text);
  if (!match) throw new Error(`no link to ${appUrl} in: ${mail.text}`);
  return new URL(match[0]);
}
