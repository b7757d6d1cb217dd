import { accountMessages } from '../../common/messages';
import { ApiError } from './api-client';

/**
 * What a training screen says when a call fails: the server's own Japanese wording for a refused
 * request (4xx), the SPEC §8 network wording when no answer came, otherwise the screen's fallback
 * (a 5xx never shows its text). Kept out of api-client.ts, which the public report pages load
 * before first paint, so the training wording does not come with it (see common/messages.ts).
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return accountMessages.networkError;
  if (error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}
