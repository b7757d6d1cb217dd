import { useEffect, useSyncExternalStore } from 'react';
import type { AuthTenant, AuthUser } from '../../common/account.schema';
import { ApiError } from '../lib/api-client';
import { fetchCurrentUser } from './auth-api';
import { guardDecision, type AuthStatus, type GuardDecision, type RouteAccess } from './auth-guard';
import { clearAuthToken, readAuthToken, storeAuthToken } from './token-storage';

export type AuthState = { status: AuthStatus; user: AuthUser | null; tenant: AuthTenant | null };

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, tenant: null };

let state: AuthState = { status: 'unknown', user: null, tenant: null };
let resolving: Promise<AuthState> | null = null;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

/**
 * Asks the server who the stored token belongs to, once per page load (SPEC §4). Any failure
 * counts as signed out (SPEC §2.1: a failed initialisation also goes to the login); only a 401
 * drops the token, so a dropped connection does not sign the user out for good.
 */
export function resolveAuth(): Promise<AuthState> {
  if (state.status !== 'unknown') return Promise.resolve(state);
  if (!readAuthToken()) {
    setState(SIGNED_OUT);
    return Promise.resolve(state);
  }
  resolving ??= fetchCurrentUser()
    .then(({ user, tenant }) => {
      setState({ status: 'signed-in', user, tenant });
      return state;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) clearAuthToken();
      else console.error('Could not resolve the sign-in state', error);
      setState(SIGNED_OUT);
      return state;
    })
    .finally(() => {
      resolving = null;
    });
  return resolving;
}

/** The router's guard: resolves when needed, then says render or where to go. */
export async function checkAccess(access: RouteAccess): Promise<GuardDecision> {
  const decision = guardDecision(access, state.status, readAuthToken() !== null);
  if (decision.kind !== 'resolve') return decision;
  const resolved = await resolveAuth();
  return guardDecision(access, resolved.status, readAuthToken() !== null);
}

export function signIn(token: string, user: AuthUser, tenant: AuthTenant | null): void {
  storeAuthToken(token);
  setState({ status: 'signed-in', user, tenant });
}

export function updateSignedInUser(user: AuthUser, tenant: AuthTenant | null): void {
  setState({ status: 'signed-in', user, tenant });
}

export function signOutLocally(): void {
  clearAuthToken();
  setState(SIGNED_OUT);
}

/**
 * What pages outside the app show before the server has answered: a stored token counts as
 * signed in until /api/auth/user refuses it (then resolveAuth drops it and this turns false).
 */
export function looksSignedIn(current: AuthState): boolean {
  return current.status === 'signed-in' || (current.status === 'unknown' && readAuthToken() !== null);
}

export function subscribeAuthState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, getAuthState);
}

/**
 * For pages outside the app's router (registration, completion): the sign-in state, asked of the
 * server once per page load. A refused token never redirects here; the page just shows its guest view.
 */
export function useResolvedAuthState(): AuthState {
  useEffect(() => {
    void resolveAuth();
  }, []);
  return useAuthState();
}
