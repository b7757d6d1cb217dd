import type { AuthSession, AuthTenant, AuthUser, SignedInUser } from '../../common/account.schema';
import { ApiError, apiRequest } from '../lib/api-client';

/**
 * Calls of SPEC §7 "Auth". The answer types are inferred from the schemas the server encodes its
 * answers with (src/common/account.schema.ts); answers are checked just enough to fail loudly on a
 * wrong shape.
 */

export class UnexpectedAnswerError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function asUser(value: unknown): AuthUser {
  if (!isObject(value) || typeof value.email !== 'string') throw new UnexpectedAnswerError('user');
  return value as unknown as AuthUser;
}

export function asTenant(value: unknown): AuthTenant | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value) || typeof value.company_name !== 'string') throw new UnexpectedAnswerError('tenant');
  return value as unknown as AuthTenant;
}

export type { SignedInUser };

function asSignedIn(data: unknown): SignedInUser {
  if (!isObject(data)) throw new UnexpectedAnswerError('session');
  return { user: asUser(data.user), tenant: asTenant(data.tenant) };
}

function asSession(data: unknown): AuthSession {
  if (!isObject(data) || typeof data.token !== 'string' || data.token === '') throw new UnexpectedAnswerError('token');
  return { ...asSignedIn(data), token: data.token };
}

function asMessage(data: unknown): { message: string } {
  return { message: isObject(data) && typeof data.message === 'string' ? data.message : '' };
}

/** GET /sanctum/csrf-cookie answers 204 with no body; only a network failure or 5xx matters. */
export async function fetchCsrfCookie(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, null);
}

export async function login(email: string, password: string): Promise<AuthSession> {
  await fetchCsrfCookie();
  // Login never answers 401 (contract), but a stray one must not reload the login page.
  return apiRequest('/api/auth/login', { method: 'POST', json: { email, password }, parse: asSession, signInOn401: false });
}

export function logout(): Promise<{ message: string }> {
  return apiRequest('/api/auth/logout', { method: 'POST', parse: asMessage, signInOn401: false });
}

/** The guard handles a 401 here itself (signed out), so no full-page redirect. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<SignedInUser> {
  return apiRequest('/api/auth/user', { parse: asSignedIn, signal, signInOn401: false });
}

export function updateProfile(values: { name: string; email: string }): Promise<SignedInUser & { message: string }> {
  return apiRequest('/api/auth/profile', {
    method: 'PUT',
    json: values,
    parse: (data) => ({ ...asSignedIn(data), ...asMessage(data) }),
  });
}

export function changePassword(values: {
  current_password: string;
  password: string;
  password_confirmation: string;
}): Promise<{ token: string; message: string }> {
  return apiRequest('/api/auth/password', {
    method: 'PUT',
    json: values,
    parse: (data) => {
      if (!isObject(data) || typeof data.token !== 'string' || data.token === '') throw new UnexpectedAnswerError('token');
      return { token: data.token, ...asMessage(data) };
    },
  });
}

export function sendPasswordResetMail(email: string): Promise<{ message: string }> {
  return apiRequest('/api/auth/password/email', { method: 'POST', json: { email }, parse: asMessage });
}

export function resetPassword(values: {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}): Promise<{ message: string }> {
  return apiRequest('/api/auth/password/reset', { method: 'POST', json: values, parse: asMessage });
}

export function verifyEmailChange(token: string): Promise<{ email: string; message: string }> {
  return apiRequest('/api/auth/email/verify', {
    method: 'POST',
    json: { token },
    parse: (data) => ({ email: isObject(data) && typeof data.email === 'string' ? data.email : '', ...asMessage(data) }),
    signInOn401: false,
  });
}

/** The server's own wording when it gave one, otherwise the SPEC §8 fallback of the action. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.serverMessage) return error.serverMessage;
  return fallback;
}
