import type { AuthTenant, AuthUser } from '../../../common/account.schema';
import { EMAIL_CHANGE_TOKEN_TTL_MS, PASSWORD_RESET_TOKEN_TTL_MS } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { digestToken, hashSecret, newOpaqueToken, PASSWORD_COST, verifySecret } from '../../lib/secret-hash';
import type { Mailer } from '../mail/mailer';
import { mailSingleUseLink, withinMailAllowance } from './account-mail-allowance';
import { emailChangeMail, mailName, passwordChangedNoticeMail, passwordResetMail } from './account-mails';
import type { AccountsRepository } from './accounts.repo';
import { type AuthService, issueSessionToken, type Principal, unauthenticated } from './auth.service';
import { emailTakenError, invalidLinkError, refusalError } from './corporate-registration.service';
import type { SessionsRepository } from './sessions.repo';

export interface AccountSettingsDeps {
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  auth: AuthService;
  mail: Mailer;
  clock: Clock;
  appUrl: string;
}

/** Profile, address change (confirmed by a mailed link), password change and reset. */
export class AccountSettingsService {
  constructor(private readonly deps: AccountSettingsDeps) {}

  /**
   * The name changes at once. A new address is only taken after its owner opens the link mailed
   * to it, so a typo cannot lock anyone out of their account.
   */
  async updateProfile(principal: Principal, input: { name: string; email: string }): Promise<{ user: AuthUser; tenant: AuthTenant | null; message: string }> {
    const { accounts, clock, appUrl, mail } = this.deps;
    const user = await accounts.findUser(principal);
    if (!user) throw unauthenticated();
    const now = clock.now();
    let message: string = accountMessages.profileUpdated;
    if (input.email !== user.email) {
      const owner = await accounts.findUserByEmail(input.email);
      // An account that never confirmed the address does not hold it: opening the link replaces it.
      if (owner && owner.email_verified_at !== null) throw emailTakenError();
      const mailed = await mailSingleUseLink(
        { accounts, mail },
        { purpose: 'email_change', email: input.email, user: principal, ttlMs: EMAIL_CHANGE_TOKEN_TTL_MS, now },
        (token, expiresAt) => emailChangeMail({ to: input.email, appUrl, token, expiresAt }),
      );
      if (!mailed) throw unauthenticated();
      message = accountMessages.emailChangePending(input.email);
    }
    if (input.name !== user.name && !(await accounts.updateName(principal, input.name, now))) throw unauthenticated();
    return { ...(await this.deps.auth.currentUser(principal)), message };
  }

  /** POST /api/auth/email/verify: the link of an address change or of a registration's confirmation. */
  async confirmAddress(token: string): Promise<{ email: string; message: string }> {
    const result = await this.deps.accounts.confirmAddress(digestToken(token), this.deps.clock.now());
    if (!result.ok) throw refusalError(result.reason, accountMessages.emailChangeTokenInvalid);
    const { email, purpose } = result.value;
    return { email, message: purpose === 'email_change' ? accountMessages.emailChanged : accountMessages.emailConfirmed };
  }

  /** Every session of the user ends, this one too; the answer carries a fresh token for this browser. */
  async changePassword(principal: Principal, input: { currentPassword: string; password: string }): Promise<{ token: string }> {
    const { accounts, sessions, clock, appUrl, mail } = this.deps;
    const user = await accounts.findUser(principal);
    if (!user) throw unauthenticated();
    if (!(await verifySecret(input.currentPassword, user.password_hash))) {
      throw AppError.validation({ current_password: [accountMessages.currentPasswordWrong] }, accountMessages.currentPasswordWrong);
    }
    if (input.currentPassword === input.password) {
      throw AppError.validation({ password: [accountMessages.passwordSameAsCurrent] }, accountMessages.passwordSameAsCurrent);
    }
    const passwordHash = await hashSecret(input.password, PASSWORD_COST);
    const now = clock.now();
    const { token, session } = issueSessionToken(now);
    const changed = await sessions.changePassword({
      user: principal,
      passwordHash,
      session,
      now,
      mail: passwordChangedNoticeMail({ to: user.email, appUrl, name: mailName(user), changedAt: now }),
    });
    if (!changed) throw unauthenticated();
    mail.kick();
    return { token };
  }

  /**
   * Mails a reset link when the address has an account; the caller's answer is the same either
   * way, and so is the work: an unknown address gets the same lookups, the same allowance, a
   * token and its digest, the mail composed and a link row written (that nobody is sent), so
   * neither the answer nor its timing tells whether the address has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const { accounts, clock, appUrl, mail } = this.deps;
    const user = await accounts.findUserByEmail(email);
    const now = clock.now();
    // Over the per-address allowance nothing more is sent, silently: a 429 here would tell a
    // stranger that the address has an account.
    if (!(await withinMailAllowance(accounts, 'password_reset', email, now))) return;
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS);
    const resetMail = passwordResetMail({ to: email, appUrl, token, expiresAt, name: user ? mailName(user) : '' });
    await accounts.createTokenWithMail({ purpose: 'password_reset', tokenHash: hash, email, user: user ? { tenantId: user.tenant_id, userId: user.id } : null, expiresAt }, user ? resetMail : null, now);
    if (user) mail.kick();
  }

  async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
    const { accounts, sessions, clock, appUrl, mail } = this.deps;
    const tokenHash = digestToken(input.token);
    if (!(await accounts.findUsableToken('password_reset', tokenHash, clock.now()))) throw invalidLinkError(accountMessages.resetTokenInvalid);
    const passwordHash = await hashSecret(input.password, PASSWORD_COST);
    const now = clock.now();
    const user = await sessions.resetPassword({
      tokenHash,
      email: input.email,
      addressKey: this.deps.auth.loginKeyOf(input.email),
      passwordHash,
      now,
      mailFor: (owner) => passwordChangedNoticeMail({ to: owner.email, appUrl, name: mailName(owner), changedAt: now }),
    });
    if (!user) throw invalidLinkError(accountMessages.resetTokenInvalid);
    mail.kick();
  }
}
