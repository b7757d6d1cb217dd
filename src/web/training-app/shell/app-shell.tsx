import { useEffect } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { trainingPaths } from '../../../common/training-routes';
import { useAuthState } from '../../auth/auth-store';
import { NAV_ITEMS } from './nav-items';
import { planLabel } from './plan-label';
import { useCurrentRoute } from './use-current-route';
import { useLogout } from './use-logout';

/** Frame of every signed-in screen: organisation, main menu and logout (SPEC §2.3). */
export function Component() {
  const auth = useAuthState();
  const navigation = useNavigation();
  const current = useCurrentRoute();
  const { logout, pending } = useLogout();
  const orgName = auth.tenant?.company_name ?? auth.user?.email ?? '';

  // The host page's header links (ログイン / ダッシュボード) would repeat the shell's own menu; hidden while it shows.
  useEffect(() => {
    document.documentElement.classList.add('has-app-shell');
    return () => document.documentElement.classList.remove('has-app-shell');
  }, []);

  return (
    <div className="ta-shell">
      <div className="ta-topbar">
        <Link to={trainingPaths.dashboard} className="ta-topbar__org">
          <span className="ta-topbar__org-mark" aria-hidden="true">
            {orgName.slice(0, 1) || '組'}
          </span>
          <span className="ta-topbar__org-text">
            <span className="ta-topbar__company" data-testid="shell-company-name">
              {orgName}
            </span>
            <span className="ta-topbar__plan">{auth.tenant ? planLabel(auth.tenant.plan) : '個人アカウント'}</span>
          </span>
        </Link>
        <div className="ta-topbar__user">
          {auth.tenant && auth.user && <span className="ta-topbar__email">{auth.user.email}</span>}
          <button type="button" className="button button--secondary button--small" onClick={logout} disabled={pending}>
            {pending ? 'ログアウト中...' : 'ログアウト'}
          </button>
        </div>
      </div>
      <nav className="ta-nav" aria-label="メインメニュー">
        <ul className="ta-nav__list">
          {NAV_ITEMS.map((item) => {
            const active = item.section !== undefined && item.section === current?.meta.section;
            return (
              <li key={item.to}>
                {item.external ? (
                  <a className="ta-nav__link" href={item.to}>
                    {item.label}
                  </a>
                ) : (
                  <Link className={active ? 'ta-nav__link ta-nav__link--active' : 'ta-nav__link'} to={item.to} aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={navigation.state === 'loading' ? 'ta-progress ta-progress--active' : 'ta-progress'} aria-hidden="true" />
      <div className="ta-content">
        <Outlet />
      </div>
    </div>
  );
}
