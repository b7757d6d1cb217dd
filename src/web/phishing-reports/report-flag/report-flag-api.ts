import { operatorScreenText as t, type FlagReason } from '../../../common/operator-messages';
import { ApiError, apiRequest } from '../../lib/api-client';
import { getFingerprint } from '../../lib/fingerprint';

const asFlagResult = (data: unknown): { message: string } => {
  const message = (data as { message?: unknown } | null)?.message;
  return { message: typeof message === 'string' && message.trim() ? message : t.flagDone };
};

/** POST /api/phishing-reports/:id/flags, with the CSRF header every Kizuki DB write carries. */
export function sendReportFlag(reportId: string, reason: FlagReason, comment: string): Promise<{ message: string }> {
  const text = comment.trim();
  return apiRequest(`/api/phishing-reports/${encodeURIComponent(reportId)}/flags`, {
    method: 'POST',
    json: { reason, ...(text ? { comment: text } : {}), fingerprint: getFingerprint() },
    parse: asFlagResult,
  });
}

/** What a refused flag says: the limit (429), a report that is gone (404), or the server's own field wording. */
export function flagFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t.flagFailed;
  if (error.status === 429) return error.serverMessage ?? t.flagRateLimited;
  if (error.status === 404) return t.flagNotFound;
  if (error.status === 422 && error.serverMessage) return error.serverMessage;
  if (error.status === 419 || error.status === 403) return error.serverMessage ?? t.flagFailed;
  return t.flagFailed;
}
