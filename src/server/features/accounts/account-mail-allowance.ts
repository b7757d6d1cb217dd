import { ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import type { AccountTokenPurpose } from '../../db/schema';
import { AppError } from '../../errors';
import { newOpaqueToken } from '../../lib/secret-hash';
import type { OutgoingMail } from '../mail/mail-message';
import type { Mailer } from '../mail/mailer';
import type { AccountsRepository, UserKey } from './accounts.repo';

const ONE_HOUR_MS = 60 * 60 * 1000;

/** True while one address has had fewer than ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR links of this purpose in the last hour. */
export async function withinMailAllowance(accounts: AccountsRepository, purpose: AccountTokenPurpose, email: string, now: Date): Promise<boolean> {
  const recent = await accounts.countTokensSince(purpose, email, new Date(now.getTime() - ONE_HOUR_MS));
  return recent < ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR;
}

/** The same rule as a 429, for flows where saying so reveals nothing. */
export async function assertMailAllowance(accounts: AccountsRepository, purpose: AccountTokenPurpose, email: string, now: Date): Promise<void> {
  if (!(await withinMailAllowance(accounts, purpose, email, now))) throw new AppError('RATE_LIMITED', accountMessages.confirmationRateLimited);
}

/**
 * Mails a single-use link to an address: the per-address allowance (429 when spent), a fresh
 * token whose digest is stored with the mail in one transaction, then the worker is woken.
 * False, with nothing stored or sent, when the link's user key addresses nobody.
 */
export async function mailSingleUseLink(
  deps: { accounts: AccountsRepository; mail: Mailer },
  link: { purpose: AccountTokenPurpose; email: string; user: UserKey | null; ttlMs: number; now: Date },
  mailFor: (token: string, expiresAt: Date) => OutgoingMail,
): Promise<boolean> {
  const { purpose, email, user, now } = link;
  await assertMailAllowance(deps.accounts, purpose, email, now);
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + link.ttlMs);
  if (!(await deps.accounts.createTokenWithMail({ purpose, tokenHash: hash, email, user, expiresAt }, mailFor(token, expiresAt), now))) return false;
  deps.mail.kick();
  return true;
}
