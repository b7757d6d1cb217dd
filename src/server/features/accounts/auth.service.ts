import type { AuthSession, AuthTenant, AuthUser } from '../../../common/account.schema';
import { AUTH_TOKEN_TTL_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import type { Clock } from '../../clock';
import { readTimestamp } from '../../db/dialect';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { digestToken, hashSecret, newOpaqueToken, PASSWORD_COST, verifySecret } from '../../lib/secret-hash';
import type { Mailer } from '../mail/mailer';
import { welcomeMail } from './account-mails';
import { toAuthTenant, toAuthUser } from './account-presenter';
import type { AccountsRepository } from './accounts.repo';
import { refusalError } from './corporate-registration.service';
import type { NewSession, SessionsRepository } from './sessions.repo';

/** Who a request is signed in as, set by the bearer guard. */
export interface Principal {
  sessionId: number;
  userId: number;
  /** null for an individual user. */
  tenantId: number | null;
}

export interface AuthServiceDeps {
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  mail: Mailer;
  clock: Clock;
  appUrl: string;
}

/** last_used_at is only rewritten when older than this, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function unauthenticated(): AppError {
  return new AppError('UNAUTHORIZED', accountMessages.unauthenticated);
}

/** A new bearer token: the token for the client, the digest and expiry for the database. */
export function issueSessionToken(now: Date): { token: string; session: NewSession } {
  const { token, hash } = newOpaqueToken();
  return { token, session: { tokenHash: hash, expiresAt: new Date(now.getTime() + AUTH_TOKEN_TTL_MS) } };
}

/**
 * Sign-in with bearer tokens (SPEC §7 auth). Tokens are random, stored only as a digest, expire
 * after AUTH_TOKEN_TTL_MS, and end at logout or a password change.
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {}

  async login(email: string, password: string): Promise<AuthSession> {
    const { accounts, sessions, clock } = this.deps;
    const user = await accounts.findUserByEmail(email);
    if (!user) {
      // The same slow hash as a real check, so timing does not tell which addresses have accounts.
      await verifySecret(password, await this.hashForUnknownUser());
      throw invalidCredentials();
    }
    const now = clock.now();
    if (user.login_locked_until && readTimestamp(user.login_locked_until) > now) throw lockedError(readTimestamp(user.login_locked_until), now);
    if (!(await verifySecret(password, user.password_hash))) {
      const lockedUntil = await sessions.recordLoginFailure(user.id, LOGIN_MAX_FAILURES, new Date(now.getTime() + LOGIN_LOCK_MS), now);
      if (lockedUntil) throw lockedError(lockedUntil, now);
      throw invalidCredentials();
    }
    if (user.failed_login_count > 0 || user.login_locked_until) await sessions.clearLoginFailures(user.id);
    return this.startSession(user);
  }

  async logout(principal: Principal): Promise<void> {
    await this.deps.sessions.revokeSession(principal.sessionId, this.deps.clock.now());
  }

  /** The principal of a bearer token, or a 401. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw unauthenticated();
    const now = this.deps.clock.now();
    const owner = await this.deps.sessions.findSessionOwner(digestToken(token), now);
    if (!owner) throw unauthenticated();
    if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.deps.sessions.touchSession(owner.sessionId, now);
    }
    return { sessionId: owner.sessionId, userId: owner.user.id, tenantId: owner.user.tenant_id };
  }

  /** GET /api/auth/user: the user and (for corporate users) the tenant. */
  async currentUser(principal: Principal): Promise<{ user: AuthUser; tenant: AuthTenant | null }> {
    const { accounts, clock } = this.deps;
    const user = await accounts.findUserById(principal.userId);
    if (!user) throw unauthenticated();
    const tenant = user.tenant_id === null ? undefined : await accounts.findTenant(user.tenant_id);
    return { user: toAuthUser(user, await accounts.pendingEmailOf(user.id, clock.now())), tenant: tenant ? toAuthTenant(tenant) : null };
  }

  /** POST /api/auth/register/individual and /corporate: an account signed in at once. */
  async register(input: { email: string; password: string; name: string; companyName: string | null }): Promise<AuthSession> {
    const { accounts, clock, appUrl, mail } = this.deps;
    if (await accounts.findUserByEmail(input.email)) throw refusalError('email_taken');
    const passwordHash = await hashSecret(input.password, PASSWORD_COST);
    const result = await accounts.createAccount({
      user: { tenantId: null, email: input.email, name: input.name, passwordHash, emailVerified: false },
      companyName: input.companyName,
      now: clock.now(),
      mail: welcomeMail({ to: input.email, appUrl, organizationName: input.companyName, name: input.name }),
    });
    if (!result.ok) throw refusalError(result.reason);
    mail.kick();
    return this.startSession(result.value.user);
  }

  private async startSession(user: UserRow): Promise<AuthSession> {
    const now = this.deps.clock.now();
    const { token, session } = issueSessionToken(now);
    await this.deps.sessions.createSession(user.id, session, now);
    const { user: answerUser, tenant } = await this.currentUser({ sessionId: 0, userId: user.id, tenantId: user.tenant_id });
    return { user: answerUser, tenant, token };
  }

  private hashForUnknownUser(): Promise<string> {
    this.dummyHash ??= hashSecret('not-a-real-password-0', PASSWORD_COST);
    return this.dummyHash;
  }
}

function invalidCredentials(): AppError {
  return AppError.validation({ email: [accountMessages.invalidCredentials] }, accountMessages.invalidCredentials);
}

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError('RATE_LIMITED', accountMessages.loginLocked(minutes));
}
