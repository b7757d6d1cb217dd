import { getAuthState, looksSignedIn, resolveAuth, subscribeAuthState } from './auth-store';

/**
 * Keeps the training header (site-frame.ts) in step with the sign-in: guests see ログイン / 無料で始める,
 * a signed-in user ダッシュボード. main.tsx has already marked <html> from the
 * stored token before this chunk loaded (no flash of guest links); this module confirms it with the
 * server once and follows every later sign-in and sign-out of the page.
 */
export function syncSignedInHeader(): void {
  const apply = () => document.documentElement.classList.toggle('is-signed-in', looksSignedIn(getAuthState()));
  apply();
  subscribeAuthState(apply);
  void resolveAuth();
}
