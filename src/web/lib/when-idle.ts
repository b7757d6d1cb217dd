/**
 * Runs `callback` once the browser has nothing more urgent to do: after first paint, for code a
 * screen will need only when the visitor acts (a validator, a dialog). Safari has no
 * requestIdleCallback; a short timeout stands in.
 */
export function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback);
  else window.setTimeout(callback, 200);
}
