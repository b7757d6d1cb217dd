import type { AuthSession, AuthTenant, AuthUser } from '../../../common/account.schema';
import { AUTH_TOKEN_TTL_MS, EMAIL_CONFIRMATION_TOKEN_TTL_MS, LOGIN_FAILURE_MEMORY_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { digestToken, hashSecret, keyedDigest, newOpaqueToken, PASSWORD_COST, verifySecret } from '../../lib/secret-hash';
import type { Mailer } from '../mail/mailer';
import { assertMailAllowance, mailSingleUseLink } from './account-mail-allowance';
import { emailConfirmationMail } from './account-mails';
import { toAuthTenant, toAuthUser } from './account-presenter';
import type { Account, AccountsRepository } from './accounts.repo';
import { refusalError } from './corporate-registration.service';
import type { NewSession, SessionsRepository } from './sessions.repo';

/** Who a request is signed in as, set by the bearer guard. */
export interface Principal {
  sessionId: number;
  userId: number;
  /** null for an individual user. */
  tenantId: number | null;
  /** False until a directly registered account opens its confirmation link. */
  emailVerified: boolean;
  role: 'admin' | 'member';
}

export interface AuthServiceDeps {
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  mail: Mailer;
  clock: Clock;
  appUrl: string;
  /** APP_SECRET: keys the digest under which sign-in attempts are counted per address. */
  secret: string;
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

  /**
   * An attempt is reserved for the address before the password is compared, whether or not the
   * address has an account: both get the same answers (422, then the lock's 429) after the same
   * work, and at most LOGIN_MAX_FAILURES passwords are compared per address and lock period.
   */
  async login(email: string, password: string): Promise<AuthSession> {
    const { accounts, sessions, clock } = this.deps;
    const addressKey = this.loginKeyOf(email);
    const user = await accounts.findUserByEmail(email);
    const now = clock.now();
    const forgetBefore = new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS);
    const attempt = await sessions.reserveLoginAttempt({ addressKey, maxFailures: LOGIN_MAX_FAILURES, lockUntil: new Date(now.getTime() + LOGIN_LOCK_MS), forgetBefore, now });
    if (!attempt.granted) throw lockedError(attempt.lockedUntil, now);
    // An unknown address is checked against a real hash, so timing does not tell which addresses have accounts.
    const matches = await verifySecret(password, user?.password_hash ?? (await this.hashForUnknownUser()));
    if (!user || !matches) {
      if (attempt.lockedUntil) throw lockedError(attempt.lockedUntil, now);
      throw invalidCredentials();
    }
    await sessions.clearLoginAttempts(addressKey, attempt);
    return this.startSession(user);
  }

  /** The key sign-in attempts of an address are counted under (the address itself is not stored). */
  loginKeyOf(email: string): string {
    return keyedDigest(this.deps.secret, `login:${email}`);
  }

  async logout(principal: Principal): Promise<void> {
    await this.deps.sessions.revokeSession(principal, this.deps.clock.now());
  }

  /** The principal of a bearer token, or a 401. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw unauthenticated();
    const now = this.deps.clock.now();
    const owner = await this.deps.sessions.findSessionOwner(digestToken(token), now);
    if (!owner) throw unauthenticated();
    if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.deps.sessions.touchSession({ sessionId: owner.sessionId, userId: owner.user.id, tenantId: owner.user.tenant_id }, now);
    }
    return { sessionId: owner.sessionId, userId: owner.user.id, tenantId: owner.user.tenant_id, emailVerified: owner.user.email_verified_at !== null, role: owner.user.role };
  }

  /** GET /api/auth/user: the user and (for corporate users) the tenant. */
  async currentUser(principal: Principal): Promise<{ user: AuthUser; tenant: AuthTenant | null }> {
    const { accounts, clock } = this.deps;
    const user = await accounts.findUser(principal);
    if (!user) throw unauthenticated();
    const tenant = user.tenant_id === null ? undefined : await accounts.findTenant(user.tenant_id);
    return { user: toAuthUser(user, await accounts.pendingEmailOf(principal, clock.now())), tenant: tenant ? toAuthTenant(tenant) : null };
  }

  /**
   * POST /api/auth/register/individual and /corporate: an account signed in at once, but
   * unconfirmed: its token only reaches its own user, logout and a new confirmation mail until
   * the link mailed to the address is opened. The mail carries nothing the registrant wrote.
   * An unconfirmed account whose link has expired no longer holds the address and is replaced.
   */
  async register(input: { email: string; password: string; name: string; companyName: string | null }): Promise<AuthSession> {
    const { accounts, clock, appUrl, mail } = this.deps;
    const now = clock.now();
    const releaseBefore = new Date(now.getTime() - EMAIL_CONFIRMATION_TOKEN_TTL_MS);
    const holder = await accounts.findUserByEmail(input.email);
    if (holder && !isReleasable(holder, releaseBefore)) throw refusalError('email_taken');
    await assertMailAllowance(accounts, 'email_confirmation', input.email, now);
    const passwordHash = await hashSecret(input.password, PASSWORD_COST);
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + EMAIL_CONFIRMATION_TOKEN_TTL_MS);
    const result = await accounts.createUnconfirmedAccount({
      user: { tenantId: null, email: input.email, name: input.name, passwordHash, emailVerified: false },
      companyName: input.companyName,
      now,
      releaseUnconfirmedCreatedBefore: releaseBefore,
      confirmation: { tokenHash: hash, expiresAt },
      mail: emailConfirmationMail({ to: input.email, appUrl, token, expiresAt }),
    });
    if (!result.ok) throw refusalError(result.reason);
    mail.kick();
    return this.startSession(result.value.user);
  }

  /** Mails a new confirmation link to an unconfirmed account's address (3 an hour per address). */
  async resendConfirmation(principal: Principal): Promise<{ message: string }> {
    const { accounts, clock, appUrl, mail } = this.deps;
    const user = await accounts.findUser(principal);
    if (!user) throw unauthenticated();
    if (user.email_verified_at !== null) return { message: accountMessages.emailAlreadyConfirmed };
    const mailed = await mailSingleUseLink(
      { accounts, mail },
      { purpose: 'email_confirmation', email: user.email, user: principal, ttlMs: EMAIL_CONFIRMATION_TOKEN_TTL_MS, now: clock.now() },
      (token, expiresAt) => emailConfirmationMail({ to: user.email, appUrl, token, expiresAt }),
    );
    if (!mailed) throw unauthenticated();
    return { message: accountMessages.emailConfirmationSent };
  }

  private async startSession(user: Account): Promise<AuthSession> {
    const now = this.deps.clock.now();
    const { token, session } = issueSessionToken(now);
    const key = { userId: user.id, tenantId: user.tenant_id };
    if (!(await this.deps.sessions.createSession(key, session, now))) throw unauthenticated();
    const { user: answerUser, tenant } = await this.currentUser({ sessionId: 0, ...key, emailVerified: user.email_verified_at !== null, role: user.role });
    return { user: answerUser, tenant, token };
  }

  private hashForUnknownUser(): Promise<string> {
    this.dummyHash ??= hashSecret('not-a-real-password-0', PASSWORD_COST);
    return this.dummyHash;
  }
}

/** 403 for an account whose address is not confirmed yet, on every route but its own user, logout and resend. */
export function unconfirmedError(): AppError {
  return new AppError('FORBIDDEN', accountMessages.emailUnconfirmed);
}

/** An unconfirmed account created before `before` (its link has expired) gives way to a new owner. */
export function isReleasable(user: Account, before: Date): boolean {
  return user.email_verified_at === null && user.created_at <= before;
}

function invalidCredentials(): AppError {
  return AppError.validation({ email: [accountMessages.invalidCredentials] }, accountMessages.invalidCredentials);
}

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError('RATE_LIMITED', accountMessages.loginLocked(minutes));
}
