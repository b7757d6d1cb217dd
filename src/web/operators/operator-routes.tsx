import { Navigate, Outlet, redirect, type RouteObject } from 'react-router';
import { operatorPaths } from '../../common/operator-paths';
import { RouteLoading } from '../training-app/root-layout';
import { readOperatorToken } from './api/operator-token';
import { OperatorRouteError } from './components/operator-route-error';
import { OperatorTitle } from './components/operator-title';

type ScreenModule = { Component: React.ComponentType };
const screen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).Component });

/** Signed-in screens need a token; the server checks it on every call (a 401 comes back to the login). */
const requireToken = () => (readOperatorToken() === null ? redirect(operatorPaths.login) : null);
/** A signed-in operator opening the login goes straight to the reports. */
const guestOnly = () => (readOperatorToken() === null ? null : redirect(operatorPaths.reports));

export const operatorRoutes: RouteObject[] = [
  {
    Component: () => (
      <>
        <OperatorTitle />
        <Outlet />
      </>
    ),
    HydrateFallback: RouteLoading,
    ErrorBoundary: OperatorRouteError,
    children: [
      {
        lazy: screen(() => import('./sign-in/sign-in-layout')),
        children: [
          { path: operatorPaths.login, loader: guestOnly, handle: { title: 'ログイン' }, lazy: screen(() => import('./sign-in/login-page')) },
          { path: operatorPaths.setup, handle: { title: 'パスワードの設定' }, lazy: screen(() => import('./sign-in/setup-page')) },
        ],
      },
      {
        loader: requireToken,
        lazy: screen(() => import('./shell/operator-shell')),
        children: [
          { path: operatorPaths.reports, handle: { title: '報告の管理' }, lazy: screen(() => import('./reports/reports-page')) },
          { path: operatorPaths.report, handle: { title: '報告の詳細' }, lazy: screen(() => import('./reports/report-detail-page')) },
          { path: operatorPaths.auditLog, handle: { title: '操作履歴' }, lazy: screen(() => import('./audit/audit-log-page')) },
          { path: operatorPaths.tenants, handle: { title: '企業アカウント' }, lazy: screen(() => import('./tenants/tenants-page')) },
        ],
      },
      { path: '*', element: <Navigate to={operatorPaths.reports} replace /> },
    ],
  },
];
