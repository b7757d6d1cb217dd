import { expect } from 'vitest';

/**
 * vitest's expect does not wait for the page; this polls a value until the assertion holds
 * (or 10 s pass), the same waiting a visitor would do. Use it for anything the page updates.
 */
export function eventually<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 50 });
}
