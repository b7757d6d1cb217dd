import { getAuthState, looksSignedIn, resolveAuth, subscribeAuthState, type AuthState } from './auth-store';

/**
 * Keeps the training header (site-frame.ts) in step with the sign-in: guests see ログイン / 無料で始める,
 * a signed-in user the organisation and ダッシュボード. main.tsx has already marked <html> from the
 * stored token before this chunk loaded (no flash of guest links); this module confirms it with the
 * server once and follows every later sign-in and sign-out of the page.
 */
export function syncSignedInHeader(): void {
  const root = document.documentElement;
  const names = document.querySelectorAll<HTMLElement>('[data-signed-in-name]');
  const apply = (state: AuthState) => {
    root.classList.toggle('is-signed-in', looksSignedIn(state));
    const name = state.status === 'signed-in' ? (state.tenant?.company_name ?? state.user?.email ?? '') : '';
    for (const element of names) element.textContent = name;
  };
  apply(getAuthState());
  subscribeAuthState(() => apply(getAuthState()));
  void resolveAuth();
}
