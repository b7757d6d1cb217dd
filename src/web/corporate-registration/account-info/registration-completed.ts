import { ApiError } from '../../lib/api-client';

/** verify-email's answer for a link whose address has already been registered: 422 with `errors.registration`. */
export function isRegistrationCompleted(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && Boolean(error.fieldErrors.registration?.length);
}
