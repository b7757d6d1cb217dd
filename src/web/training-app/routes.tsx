import { Navigate, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { SPA_ROUTE_PATTERNS, trainingPaths } from '../../common/training-routes';
import type { RouteAccess } from '../auth/auth-guard';
import { checkAccess } from '../auth/auth-store';
import { ROUTE_META, type SpaRoutePattern } from './route-meta';
import { RootLayout, RouteErrorBoundary, RouteLoading } from './root-layout';

type LazyRoute = NonNullable<RouteObject['lazy']>;
type ScreenModule = { Component: React.ComponentType };

/** Screens with real content; every other protected path shows the "upcoming" frame. */
const SCREENS: Partial<Record<SpaRoutePattern, () => Promise<ScreenModule>>> = {
  '/corporate/login': () => import('./guest/login-page'),
  '/corporate/password/forgot': () => import('./guest/forgot-password-page'),
  '/corporate/password/reset': () => import('./guest/reset-password-page'),
  '/account/email/verify': () => import('./guest/email-verify-page'),
  '/corporate/dashboard': () => import('./dashboard/dashboard-page'),
  '/campaigns': () => import('./campaigns/campaign-list-page'),
  '/campaigns/create': () => import('./campaigns/campaign-editor-page'),
  '/campaigns/confirm': () => import('./campaigns/campaign-confirm-page'),
  '/campaigns/:id/complete': () => import('./campaigns/campaign-complete-page'),
  '/campaigns/:id/edit': () => import('./campaigns/campaign-editor-page'),
  '/campaigns/:id': () => import('./campaigns/campaign-detail-page'),
  '/users': () => import('./users/users-page'),
  '/account': () => import('./account/account-page'),
  '/account/upgrade': () => import('./upgrade/upgrade-info-page'),
  '/account/upgrade/info': () => import('./upgrade/upgrade-info-page'),
  '/account/upgrade/payment': () => import('./upgrade/upgrade-payment-page'),
  '/account/upgrade/confirm': () => import('./upgrade/upgrade-confirm-page'),
  '/account/upgrade/complete': () => import('./upgrade/upgrade-complete-page'),
  '/account/organization/edit': () => import('./organization/organization-edit-page'),
  '/account/organization/complete': () => import('./organization/organization-complete-page'),
  '/templates': () => import('./templates/template-library-page'),
  '/templates/create': () => import('./templates/template-editor-page'),
  '/templates/:id': () => import('./templates/template-detail-page'),
  '/templates/:id/edit': () => import('./templates/template-editor-page'),
  '/account/billing': () => import('./billing/billing-page'),
  '/billing': () => import('./billing/billing-page'),
  '/billing/:usageId': () => import('./billing/usage-month-page'),
};

const upcoming = () => import('./upcoming/upcoming-page');

function guard(access: RouteAccess): LoaderFunction {
  return async () => {
    const decision = await checkAccess(access);
    if (decision.kind === 'redirect') return redirect(decision.to);
    return null;
  };
}

function screenRoute(pattern: SpaRoutePattern): RouteObject {
  const load = SCREENS[pattern] ?? upcoming;
  return { path: pattern, handle: { pattern }, lazy: (async () => ({ Component: (await load()).Component })) as LazyRoute };
}

function patternsFor(access: RouteAccess): SpaRoutePattern[] {
  return SPA_ROUTE_PATTERNS.filter((pattern) => ROUTE_META[pattern].access === access);
}

/** SPEC §2.1: every route loads lazily; `/` and unknown paths go to the login. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, element: <Navigate to={trainingPaths.login} replace /> },
      {
        id: 'guest',
        loader: guard('guest'),
        lazy: async () => ({ Component: (await import('./guest/guest-layout')).Component }),
        children: patternsFor('guest').map(screenRoute),
      },
      {
        id: 'open',
        lazy: async () => ({ Component: (await import('./guest/guest-layout')).Component }),
        children: patternsFor('any').map(screenRoute),
      },
      {
        id: 'protected',
        loader: guard('protected'),
        lazy: async () => ({ Component: (await import('./shell/app-shell')).Component }),
        children: patternsFor('protected').map(screenRoute),
      },
      { path: '*', element: <Navigate to={trainingPaths.login} replace /> },
    ],
  },
];
