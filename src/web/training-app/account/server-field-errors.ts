import { ApiError } from '../../lib/api-client';

/**
 * Puts a 422's per-field messages under the form's own fields and returns the first such field
 * (to focus), or undefined when the failure is not about a field and needs a general message.
 */
export function applyServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, detail: { type: string; message: string }) => void,
): F | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  let first: F | undefined;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message });
    first ??= field;
  }
  return first;
}
