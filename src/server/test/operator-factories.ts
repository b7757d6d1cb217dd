import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { OperatorAuthService } from '../features/operators/operator-auth.service';
import { OperatorsRepository } from '../features/operators/operators.repo';
import { SessionsRepository } from '../features/accounts/sessions.repo';
import { callApi } from './account-factories';
import type { TestContext } from './test-app';

/** The password every factory operator sets (meets the account rules). */
export const OPERATOR_PASSWORD = 'operator-Passw0rd';

export interface FactoryOperator {
  email: string;
  password: string;
  /** The TOTP secret (base32) the operator's authenticator app holds. */
  secret: string;
  /** A valid `op_` bearer token. */
  token: string;
}

/** An address no other test uses. */
export function uniqueOperatorEmail(): string {
  return `ops-${randomBytes(5).toString('hex')}@kizuki.example`;
}

/** The service the CLI uses, on the test's database and clock: answers the setup link. */
export async function createOperatorLink(context: TestContext, email: string): Promise<string> {
  const auth = new OperatorAuthService({
    operators: new OperatorsRepository(context.database.db), loginAttempts: new SessionsRepository(context.database.db),
    clock: context.clock, secret: context.config.appSecret ?? '', appUrl: context.config.appUrl,
  });
  return (await auth.createOrReset(email)).link;
}

/** The setup token at the end of a link printed by operator:create. */
export function setupTokenOf(link: string): string {
  const token = /\/operator\/setup\/([A-Za-z0-9_-]+)$/.exec(link)?.[1];
  if (!token) throw new Error(`not a setup link: ${link}`);
  return token;
}

/** The code an authenticator app shows for `secret` at the test clock's time. */
export function totpCode(context: TestContext, secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: context.clock.now().getTime() + offsetSteps * 30_000 });
}

/**
 * An operator through the whole real path: the CLI's link, the password, the first sign-in with
 * its TOTP enrolment and a confirmed code. The clock moves on one step first, so a code is never
 * refused as a replay of a code another sign-in used.
 */
export async function signedInOperator(context: TestContext, email = uniqueOperatorEmail()): Promise<FactoryOperator> {
  const link = await createOperatorLink(context, email);
  const setup = await callApi(context, { method: 'POST', url: '/api/operator/setup', payload: { token: setupTokenOf(link), password: OPERATOR_PASSWORD } });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const login = await callApi(context, { method: 'POST', url: '/api/operator/login', payload: { email, password: OPERATOR_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { challenge_token: challengeToken, totp } = login.json().data as { challenge_token: string; totp: { secret: string } };
  context.clock.advance(30_000);
  const confirmed = await callApi(context, { method: 'POST', url: '/api/operator/login/totp', payload: { challenge_token: challengeToken, code: totpCode(context, totp.secret) } });
  if (confirmed.statusCode !== 200) throw new Error(`totp failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { email, password: OPERATOR_PASSWORD, secret: totp.secret, token: confirmed.json().data.token as string };
}
