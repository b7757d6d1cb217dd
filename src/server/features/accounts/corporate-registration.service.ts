import type { RegistrationResult } from '../../../common/account.schema';
import { REGISTRATION_TOKEN_TTL_MS } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import { registrationCompleteUrl } from '../../../common/training-routes';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { digestToken, hashSecret, PASSWORD_COST } from '../../lib/secret-hash';
import type { Mailer } from '../mail/mailer';
import { mailSingleUseLink } from './account-mail-allowance';
import { registrationConfirmationMail, welcomeMail } from './account-mails';
import { toAuthTenant, toAuthUser } from './account-presenter';
import type { AccountsRepository, AccountWriteRefusal } from './accounts.repo';

export interface CorporateRegistrationDeps {
  accounts: AccountsRepository;
  mail: Mailer;
  clock: Clock;
  appUrl: string;
}

/** The 422 every unusable confirmation link gets (SPEC §8), so the client can redirect after 3 s. */
export function invalidLinkError(message: string = accountMessages.tokenInvalid): AppError {
  return AppError.validation({ token: [message] }, message);
}

/** 422 for a sign-up link whose address already has a (confirmed) account: the page offers the login. */
export function registrationCompletedError(): AppError {
  return AppError.validation({ registration: [accountMessages.registrationAlreadyCompleted] }, accountMessages.registrationAlreadyCompleted);
}

export function emailTakenError(): AppError {
  return AppError.validation({ email: [accountMessages.emailTaken] }, accountMessages.emailTaken);
}

export function refusalError(reason: AccountWriteRefusal, invalidLinkMessage?: string): AppError {
  return reason === 'email_taken' ? emailTakenError() : invalidLinkError(invalidLinkMessage);
}

/**
 * SPEC §2.2: e-mail → confirmation mail → account info → done. The mailed link carries a
 * single-use token that lasts 24 hours; only its digest is stored.
 */
export class CorporateRegistrationService {
  constructor(private readonly deps: CorporateRegistrationDeps) {}

  async sendConfirmation(email: string): Promise<void> {
    const { accounts, clock, appUrl } = this.deps;
    // An account that never confirmed the address does not hold it: completing this sign-up replaces it.
    const holder = await accounts.findUserByEmail(email);
    if (holder && holder.email_verified_at !== null) throw emailTakenError();
    // A sign-up link belongs to no user yet, so it is always stored.
    await mailSingleUseLink(
      { accounts, mail: this.deps.mail },
      { purpose: 'corporate_registration', email, user: null, ttlMs: REGISTRATION_TOKEN_TTL_MS, now: clock.now() },
      (token, expiresAt) => registrationConfirmationMail({ to: email, appUrl, token, expiresAt }),
    );
  }

  /**
   * The address a usable link was mailed to. A link whose address has since been registered (by
   * this link or another) answers 422 with `errors.registration`, so the page can offer the login
   * instead of a new mail; only the holder of the link learns this. Any other unusable link gets
   * SPEC §8's message.
   */
  async verifyEmail(token: string): Promise<{ email: string }> {
    const { accounts, clock } = this.deps;
    const row = await accounts.findToken('corporate_registration', digestToken(token));
    if (!row) throw invalidLinkError();
    const holder = await accounts.findUserByEmail(row.email);
    if (holder && holder.email_verified_at !== null) throw registrationCompletedError();
    const usable = row.used_at === null && row.expires_at > clock.now();
    if (!usable) throw invalidLinkError();
    return { email: row.email };
  }

  /**
   * Creates the tenant (plan free) and its first administrator, consuming the link. The
   * password is answered back once, for the client's automatic sign-in (SPEC §4); it is never logged.
   */
  async complete(input: { token: string; organizationName: string; password: string }): Promise<RegistrationResult> {
    const { accounts, clock, appUrl } = this.deps;
    const tokenHash = digestToken(input.token);
    const now = clock.now();
    // Cheap refusal before the deliberately slow password hash.
    if (!(await accounts.findUsableToken('corporate_registration', tokenHash, now))) throw invalidLinkError();
    const passwordHash = await hashSecret(input.password, PASSWORD_COST);
    const result = await accounts.completeCorporateRegistration({
      tokenHash,
      companyName: input.organizationName,
      passwordHash,
      now: clock.now(),
      mailFor: (email) => welcomeMail({ to: email, appUrl, organizationName: input.organizationName }),
    });
    if (!result.ok) throw refusalError(result.reason);
    this.deps.mail.kick();
    const { tenant, user } = result.value;
    return {
      tenant: toAuthTenant(tenant),
      user: toAuthUser(user, null),
      credentials: { email: user.email, password: input.password },
      redirect_url: registrationCompleteUrl(user.email, tenant.company_name),
    };
  }
}
