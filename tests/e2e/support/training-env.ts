import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { freePort } from '../../../scripts/free-port';
import { type E2EEnvironment, useE2EEnvironment } from './e2e';
import { linkIn, MAIL_SUBJECTS, Mailbox, type MailReader } from './mail';

export interface TrainingEnvironment {
  env: E2EEnvironment;
  mailbox: Mailbox;
  accounts: AccountApi;
}

/**
 * One server per test file, as useE2EEnvironment starts it, plus a real SMTP server it delivers
 * to at once (in-process mail worker), and APP_URL equal to the server's own address so the
 * mailed links open it. `extraEnv` adds to the server's environment. Call with top-level await, once per file.
 */
export async function useTrainingEnvironment(extraEnv: Record<string, string> = {}): Promise<TrainingEnvironment> {
  const { env, mailbox } = await useMailedServer(new Mailbox(), {
    // Every sign-up, mail and sign-in of a file comes from 127.0.0.1; the per-IP hourly limits are not under test here.
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_ACCOUNT_MAIL: '1000',
    RATE_LIMIT_REGISTER: '1000',
    // A file's own settings (e.g. DNS_SERVERS pointing at its loopback DNS server).
    ...extraEnv,
  });
  return { env, mailbox, accounts: new AccountApi(() => env.server.baseUrl, mailbox) };
}

/**
 * The server of a file (useE2EEnvironment) with the in-process mail worker delivering to
 * `mailbox`, a real SMTP server on loopback, and APP_URL its own address so mailed links open it.
 */
export async function useMailedServer<M extends { start(): Promise<M>; stop(): Promise<void>; url(): string }>(
  unstarted: M,
  extraEnv: Record<string, string>,
): Promise<{ env: E2EEnvironment; mailbox: M }> {
  const mailbox = await unstarted.start();
  // Registered before the server's hooks: after-hooks run in reverse, so the server stops first.
  afterAll(() => mailbox.stop());
  const port = await freePort();
  const env = useE2EEnvironment({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, SMTP_URL: mailbox.url(), MAIL_WORKER: '1', ...extraEnv });
  return { env, mailbox };
}

/** An address no other test uses (lower case: the server normalises addresses). */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.co.jp`;
}

/** A password that meets SPEC §5 (8+ characters, letters and digits). */
export function newPassword(): string {
  return `Kizuki-${randomBytes(3).toString('hex')}7`;
}

export interface CreatedAccount {
  email: string;
  password: string;
  organization: string;
}

/** Seeds accounts through the public API (as a browser page calls it: CSRF cookie + header). */
export class AccountApi {
  constructor(
    private readonly baseUrl: () => string,
    private readonly mailbox: MailReader,
  ) {}

  /** A bearer call as the training app makes it (CSRF cookie + header): its status and JSON body. */
  async call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; json: { data?: unknown } }> {
    const response = await fetch(`${this.baseUrl()}${path}`, {
      method,
      headers: { ...(await this.csrf()), authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as { data?: unknown } };
  }

  private async csrf(): Promise<Record<string, string>> {
    const response = await fetch(`${this.baseUrl()}/sanctum/csrf-cookie`);
    if (response.status !== 204) throw new Error(`csrf-cookie answered ${response.status}`);
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    const xsrf = cookies.find((pair) => pair.startsWith('XSRF-TOKEN='));
    if (!xsrf) throw new Error(`csrf-cookie set no XSRF-TOKEN: ${cookies.join(', ')}`);
    return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)), 'content-type': 'application/json' };
  }

  /**
   * POST /api/auth/register/corporate, then the mailed confirmation link opened (a directly
   * registered account is unconfirmed until then): a tenant with its administrator, ready to use.
   */
  async registerCorporate(account: CreatedAccount, options: { confirm?: boolean } = {}): Promise<CreatedAccount> {
    const response = await fetch(`${this.baseUrl()}/api/auth/register/corporate`, {
      method: 'POST',
      headers: await this.csrf(),
      body: JSON.stringify({
        organization_name: account.organization,
        email: account.email,
        password: account.password,
        password_confirmation: account.password,
        terms_agreed: true,
        privacy_agreed: true,
      }),
    });
    if (response.status !== 201) throw new Error(`registering ${account.email} failed: ${response.status} ${await response.text()}`);
    if (options.confirm === false) return account;
    const mail = await this.mailbox.waitForMail(account.email, MAIL_SUBJECTS.emailConfirmation);
    const token = linkIn(mail, this.baseUrl()).searchParams.get('token') ?? '';
    const confirmed = await fetch(`${this.baseUrl()}/api/auth/email/verify`, { method: 'POST', headers: await this.csrf(), body: JSON.stringify({ token }) });
    if (confirmed.status !== 200) throw new Error(`confirming ${account.email} failed: ${confirmed.status} ${await confirmed.text()}`);
    return account;
  }

  /** A fresh corporate account; `label` (ASCII) goes into the address. */
  async newCorporateAccount(label: string, organization = `株式会社テスト${randomBytes(2).toString('hex')}`): Promise<CreatedAccount> {
    return this.registerCorporate({ email: uniqueEmail(label), password: newPassword(), organization });
  }

  /** POST /api/corporate/send-confirmation (SPEC §2.2 step 1, as the form sends it). */
  async sendConfirmation(email: string): Promise<void> {
    const response = await fetch(`${this.baseUrl()}/api/corporate/send-confirmation`, {
      method: 'POST',
      headers: await this.csrf(),
      body: JSON.stringify({ email, terms_agreed: true, privacy_agreed: true }),
    });
    if (response.status !== 200) throw new Error(`send-confirmation for ${email} failed: ${response.status} ${await response.text()}`);
  }

  /** POST /api/auth/login; returns the bearer token. */
  async login(email: string, password: string): Promise<string> {
    const response = await fetch(`${this.baseUrl()}/api/auth/login`, { method: 'POST', headers: await this.csrf(), body: JSON.stringify({ email, password }) });
    const payload = (await response.json()) as { success?: boolean; data?: { token?: string } };
    if (!response.ok || !payload.data?.token) throw new Error(`login of ${email} failed: ${response.status} ${JSON.stringify(payload)}`);
    return payload.data.token;
  }

  /** POST /api/auth/logout: ends this sign-in on the server (as logging out in another tab does). */
  async logout(token: string): Promise<void> {
    const response = await fetch(`${this.baseUrl()}/api/auth/logout`, { method: 'POST', headers: { ...(await this.csrf()), authorization: `Bearer ${token}` }, body: '{}' });
    if (!response.ok) throw new Error(`logout failed: ${response.status} ${await response.text()}`);
  }

  /** Status of GET /api/auth/user with this bearer token (200 signed in, 401 not). */
  async userStatus(token: string): Promise<number> {
    return (await fetch(`${this.baseUrl()}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })).status;
  }
}
