import { LOGIN_FAILURE_MEMORY_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../common/limits';
import { operatorMessages } from '../../../common/operator-messages';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { SecretBox } from '../../lib/secret-box';
import { digestToken, hashSecret, keyedDigest, newOpaqueToken, PASSWORD_COST, verifySecret } from '../../lib/secret-hash';
import type { SessionsRepository } from '../accounts/sessions.repo';
import { matchingTotpStep, newTotpSecret, totpEnrollment } from './operator-totp';
import type { OperatorAccount, OperatorsRepository } from './operators.repo';

/** Operator bearer tokens carry this prefix: a tenant token can never be mistaken for one, nor the reverse. */
export const OPERATOR_TOKEN_PREFIX = 'op_';
export const OPERATOR_SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const OPERATOR_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
export const OPERATOR_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes a challenge takes before the operator must sign in again. */
export const OPERATOR_CHALLENGE_MAX_WRONG_CODES = 5;

/** Who is calling an operator route (set by the operator realm). */
export interface OperatorPrincipal {
  operatorId: number;
  email: string;
  sessionId: number;
}

export type LoginStep =
  | { stage: 'totp_setup'; challenge_token: string; totp: { secret: string; otpauth_url: string; qr_svg: string } }
  | { stage: 'totp'; challenge_token: string };

export interface OperatorAuthDeps {
  operators: OperatorsRepository;
  /** The per-address sign-in lock the accounts use (login_attempts), under keys of the operator realm's own. */
  loginAttempts: Pick<SessionsRepository, 'reserveLoginAttempt' | 'clearLoginAttempts'>;
  clock: Clock;
  secret: string;
  appUrl: string;
}

export function operatorUnauthenticated(): AppError {
  return new AppError('UNAUTHORIZED', operatorMessages.unauthenticated);
}

/**
 * The operator realm's sign-in (issue 13, part 3): a password set through a one-time link, then a
 * TOTP code on every sign-in, set up on the first. Tokens are random, stored as digests, and
 * live in the operator tables only.
 */
export class OperatorAuthService {
  private readonly totpBox: SecretBox;
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: OperatorAuthDeps) {
    this.totpBox = new SecretBox(deps.secret, 'operator-totp');
  }

  /** `npm run operator:create`: a new operator, or a reset one; answers the one-time setup link. */
  async createOrReset(email: string): Promise<{ created: boolean; link: string; expiresAt: Date }> {
    const now = this.deps.clock.now();
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + OPERATOR_SETUP_LINK_TTL_MS);
    const { created } = await this.deps.operators.createOrReset(email, { tokenHash: hash, expiresAt }, now);
    return { created, link: `${this.deps.appUrl}/operator/setup/${token}`, expiresAt };
  }

  async setup(token: string, password: string): Promise<{ email: string }> {
    const passwordHash = await hashSecret(password, PASSWORD_COST);
    const email = await this.deps.operators.setPasswordWithLink(digestToken(token), passwordHash, this.deps.clock.now());
    if (!email) throw new AppError('NOT_FOUND', operatorMessages.setupLinkInvalid);
    return { email };
  }

  /**
   * The password step. Attempts are counted per address before the password is compared, as for
   * accounts, and an unknown address is compared against a real hash, so neither the answer nor
   * its timing tells which addresses are operators.
   */
  async login(email: string, password: string): Promise<LoginStep> {
    const { operators, loginAttempts, clock, secret } = this.deps;
    const now = clock.now();
    const addressKey = keyedDigest(secret, `operator-login:${email}`);
    const attempt = await loginAttempts.reserveLoginAttempt({
      addressKey, maxFailures: LOGIN_MAX_FAILURES, lockUntil: new Date(now.getTime() + LOGIN_LOCK_MS),
      forgetBefore: new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS), now,
    });
    if (!attempt.granted) throw new AppError('RATE_LIMITED', operatorMessages.loginRateLimited);
    const operator = await operators.findByEmail(email);
    const matches = await verifySecret(password, operator?.passwordHash ?? (await this.hashForUnknown()));
    if (!operator?.passwordHash || !matches) {
      if (attempt.lockedUntil) throw new AppError('RATE_LIMITED', operatorMessages.loginRateLimited);
      throw new AppError('UNAUTHORIZED', operatorMessages.loginFailed);
    }
    await loginAttempts.clearLoginAttempts(addressKey, attempt);
    return this.startChallenge(operator, now);
  }

  /** The TOTP step: a right, unused code turns the challenge into an 8-hour session. */
  async confirmTotp(challengeToken: string, code: string): Promise<{ token: string; operator: { email: string } }> {
    const { operators, clock } = this.deps;
    const now = clock.now();
    const challenge = await operators.findSession(digestToken(challengeToken), 'totp_pending', now);
    const operator = challenge ? await operators.findById(challenge.operatorId) : null;
    if (!challenge || !operator) throw new AppError('UNAUTHORIZED', operatorMessages.challengeExpired);
    const sealed = challenge.pendingTotpSecret ?? operator.totpSecret;
    const secretBase32 = sealed ? this.totpBox.open(sealed) : null;
    if (!secretBase32) throw new AppError('UNAUTHORIZED', operatorMessages.challengeExpired);

    const step = matchingTotpStep(secretBase32, code, now);
    const bearer = `${OPERATOR_TOKEN_PREFIX}${newOpaqueToken().token}`;
    const completed = step !== null && (operator.totpLastStep === null || step > operator.totpLastStep) && await operators.completeChallenge({
      challengeId: challenge.id, operatorId: operator.id, step, enableSecret: challenge.pendingTotpSecret,
      session: { tokenHash: digestToken(bearer), expiresAt: new Date(now.getTime() + OPERATOR_SESSION_TTL_MS) }, now,
    });
    if (!completed) {
      const failures = await operators.recordWrongCode(challenge.id, OPERATOR_CHALLENGE_MAX_WRONG_CODES, now);
      if (failures >= OPERATOR_CHALLENGE_MAX_WRONG_CODES) throw new AppError('UNAUTHORIZED', operatorMessages.challengeExpired);
      throw AppError.validation({ code: [operatorMessages.totpInvalid] }, operatorMessages.totpInvalid);
    }
    return { token: bearer, operator: { email: operator.email } };
  }

  /** The operator of an `op_` bearer token in an active session, or a 401. */
  async authenticate(token: string | undefined): Promise<OperatorPrincipal> {
    if (!token?.startsWith(OPERATOR_TOKEN_PREFIX)) throw operatorUnauthenticated();
    const { operators, clock } = this.deps;
    const session = await operators.findSession(digestToken(token), 'active', clock.now());
    const operator = session ? await operators.findById(session.operatorId) : null;
    // A reset (operator:create again) leaves no password: its sessions are over.
    if (!session || !operator?.passwordHash || !operator.totpSecret) throw operatorUnauthenticated();
    return { operatorId: operator.id, email: operator.email, sessionId: session.id };
  }

  async logout(principal: OperatorPrincipal): Promise<void> {
    await this.deps.operators.revokeSession(principal.sessionId, this.deps.clock.now());
  }

  private async startChallenge(operator: OperatorAccount, now: Date): Promise<LoginStep> {
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + OPERATOR_CHALLENGE_TTL_MS);
    if (operator.totpSecret) {
      await this.deps.operators.createSession({ operatorId: operator.id, tokenHash: hash, stage: 'totp_pending', pendingTotpSecret: null, expiresAt }, now);
      return { stage: 'totp', challenge_token: token };
    }
    // First sign-in: a new secret, kept with this challenge until a code from it is confirmed.
    const secretBase32 = newTotpSecret();
    await this.deps.operators.createSession({ operatorId: operator.id, tokenHash: hash, stage: 'totp_pending', pendingTotpSecret: this.totpBox.seal(secretBase32), expiresAt }, now);
    return { stage: 'totp_setup', challenge_token: token, totp: await totpEnrollment(secretBase32, operator.email) };
  }

  private hashForUnknown(): Promise<string> {
    this.dummyHash ??= hashSecret('not-a-real-password-0', PASSWORD_COST);
    return this.dummyHash;
  }
}
