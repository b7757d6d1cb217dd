import { login } from '../../auth/auth-api';
import { storeAuthToken } from '../../auth/token-storage';

/**
 * SPEC §4: after registering, sign in with the returned credentials so the login button of the
 * completion page leads straight in. A failure is logged only; it never blocks the completion.
 */
export async function signInAfterRegistration(credentials: { email: string; password: string } | undefined): Promise<void> {
  if (!credentials?.email || !credentials.password) return;
  try {
    const session = await login(credentials.email, credentials.password);
    storeAuthToken(session.token);
  } catch (error) {
    console.error('Automatic sign-in after registration failed', error);
  }
}
