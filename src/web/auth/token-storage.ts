import { AUTH_TOKEN_STORAGE_KEY } from '../../common/training-paths';

/**
 * The bearer token lives in localStorage (SPEC §7). Storage can be blocked (privacy mode); the
 * in-memory copy keeps the current page signed in even then.
 */
let memoryToken: string | null = null;

export function readAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function storeAuthToken(token: string): void {
  memoryToken = token;
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Kept in memory only.
  }
}

export function clearAuthToken(): void {
  memoryToken = null;
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
