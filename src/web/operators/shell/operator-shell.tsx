import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate, useNavigation } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorPaths } from '../../../common/operator-paths';
import { fetchMe, logout, operatorKeys } from '../api/operator-api';

const NAV = [
  { to: operatorPaths.reports, label: t.navReports },
  { to: operatorPaths.auditLog, label: t.navAudit },
  { to: operatorPaths.tenants, label: t.navTenants },
];

/** Every signed-in screen: who is signed in, the three sections, and ログアウト. */
export function Component() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const queryClient = useQueryClient();
  // Also the session check: a 401 here sends the browser to the login (operator-api.ts).
  const me = useQuery({ queryKey: operatorKeys.me, queryFn: ({ signal }) => fetchMe(signal), staleTime: Infinity });
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: operatorKeys.all });
      void navigate(operatorPaths.login, { replace: true, state: { loggedOut: true } });
    },
  });

  return (
    <div className="op-shell">
      <div className="op-topbar">
        <p className="op-topbar__who">
          <span className="op-topbar__label">{t.signedInAs}</span>
          <span className="op-topbar__email" data-testid="operator-email">
            {me.data?.email ?? '…'}
          </span>
        </p>
        <button type="button" className="button button--secondary button--small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? 'ログアウト中...' : t.logout}
        </button>
      </div>
      <nav className="op-nav" aria-label="運営メニュー">
        <ul className="op-nav__list">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink className={({ isActive }) => (isActive ? 'op-nav__link op-nav__link--active' : 'op-nav__link')} to={item.to}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={navigation.state === 'loading' ? 'ta-progress ta-progress--active' : 'ta-progress'} aria-hidden="true" />
      <div className="op-content">
        <Outlet />
      </div>
    </div>
  );
}
