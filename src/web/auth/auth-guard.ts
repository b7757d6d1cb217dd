import { trainingPaths } from '../../common/training-routes';

/** unknown: not asked yet this page load; the guard resolves it once (SPEC §4 "Auth"). */
export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';
/** guest: login and password screens; protected: everything behind the shell; any: open links. */
export type RouteAccess = 'guest' | 'protected' | 'any';

export type GuardDecision = { kind: 'render' } | { kind: 'resolve' } | { kind: 'redirect'; to: string };

const render: GuardDecision = { kind: 'render' };
const resolve: GuardDecision = { kind: 'resolve' };
const toLogin: GuardDecision = { kind: 'redirect', to: trainingPaths.login };
const toDashboard: GuardDecision = { kind: 'redirect', to: trainingPaths.dashboard };

/**
 * SPEC §2.1: guests only on the login screens (signed-in users go to the dashboard), signed-in
 * users only behind the shell (others go to the login). With no stored token there is nothing
 * to resolve: the visitor is a guest.
 */
export function guardDecision(access: RouteAccess, status: AuthStatus, hasToken: boolean): GuardDecision {
  if (access === 'any') return render;
  if (status === 'unknown' && hasToken) return resolve;
  const signedIn = status === 'signed-in';
  if (access === 'protected') return signedIn ? render : toLogin;
  return signedIn ? toDashboard : render;
}
