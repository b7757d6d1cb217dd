import { parseArgs } from 'node:util';
import { emailSchema } from '../../../common/account.schema';
import { systemClock } from '../../clock';
import type { AppConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrator';
import { resolveAppSecret } from '../../lib/app-secret';
import { SessionsRepository } from '../accounts/sessions.repo';
import { OperatorAuthService } from './operator-auth.service';
import { OperatorsRepository } from './operators.repo';

/**
 * `npm run operator:create -- --email ops@example.com`: creates an operator (or, for an existing
 * one, clears the password and TOTP and ends its sessions) and prints a one-time link, valid for
 * 24 hours, where the password is set. The second factor is set up at the first sign-in.
 */
export async function createOperatorFromCli(argv: string[], config: AppConfig, out: (line: string) => void): Promise<number> {
  let given: string | undefined;
  try {
    given = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true }).values.email;
  } catch {
    given = undefined;
  }
  const email = emailSchema.safeParse(given ?? '');
  if (!email.success) {
    // EX_USAGE
    out('Usage: npm run operator:create -- --email ops@example.com');
    return 64;
  }
  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle);
    const auth = new OperatorAuthService({
      operators: new OperatorsRepository(handle.db), loginAttempts: new SessionsRepository(handle.db), clock: systemClock,
      secret: resolveAppSecret(config.appSecret, config.dataDir), appUrl: config.appUrl,
    });
    const { created, link, expiresAt } = await auth.createOrReset(email.data);
    out(created ? `Operator ${email.data} created.` : `Operator ${email.data} reset: password and two-factor setup cleared, sessions ended.`);
    out(`One-time setup link (valid until ${expiresAt.toISOString()}):`);
    out(link);
    return 0;
  } finally {
    await handle.destroy();
  }
}
