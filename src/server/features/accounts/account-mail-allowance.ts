import { ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR } from '../../../common/limits';
import { accountMessages } from '../../../common/messages';
import type { AccountTokenPurpose } from '../../db/schema';
import { AppError } from '../../errors';
import type { AccountsRepository } from './accounts.repo';

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
