const STORAGE_KEY = 'kizuki.visitor_id';

let memoryId: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-http previews still deserve a stable-enough id.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A random visitor id, not a real device fingerprint: nothing about the browser is
 * collected. Kept in localStorage so limits can follow one visitor across page loads.
 */
export function getFingerprint(): string {
  if (memoryId) return memoryId;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored && /^[A-Za-z0-9-]{16,128}$/.test(stored)) {
      memoryId = stored;
      return stored;
    }
    memoryId = randomId();
    window.localStorage.setItem(STORAGE_KEY, memoryId);
  } catch {
    // Storage can be blocked (privacy mode, disabled cookies); an in-memory id still works per page.
    memoryId ??= randomId();
  }
  return memoryId;
}
