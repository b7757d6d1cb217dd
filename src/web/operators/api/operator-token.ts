import { OPERATOR_TOKEN_STORAGE_KEY } from '../../../common/operator-paths';

/**
 * The operator bearer token lives in sessionStorage (closing the tab signs out); the in-memory
 * copy keeps the current page signed in when storage is blocked.
 */
let memoryToken: string | null = null;

export function readOperatorToken(): string | null {
  try {
    return window.sessionStorage.getItem(OPERATOR_TOKEN_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function storeOperatorToken(token: string): void {
  memoryToken = token;
  try {
    window.sessionStorage.setItem(OPERATOR_TOKEN_STORAGE_KEY, token);
  } catch {
    // Kept in memory only.
  }
}

export function clearOperatorToken(): void {
  memoryToken = null;
  try {
    window.sessionStorage.removeItem(OPERATOR_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
