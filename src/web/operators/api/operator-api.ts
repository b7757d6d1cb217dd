import type { z } from 'zod';
import { OPERATOR_PAGE_SIZE, operatorPaths } from '../../../common/operator-paths';
import { ApiError, apiRequest } from '../../lib/api-client';
import {
  operatorAuditPageSchema,
  operatorInvoiceActionSchema,
  operatorLoginAnswerSchema,
  operatorMeAnswerSchema,
  operatorReportActionSchema,
  operatorReportDetailSchema,
  operatorReportPageSchema,
  operatorSessionAnswerSchema,
  operatorSetupAnswerSchema,
  operatorTenantPageSchema,
} from '../../../common/operator.schema';
import { clearOperatorToken, readOperatorToken } from './operator-token';

// DELETE answers `{ success: true }` without data.
const reportActionAnswer = operatorReportActionSchema.optional();

const BASE = '/api/operator';

/** A 401 from the operator realm ends the sign-in and sends the browser to the operator login. */
function onUnauthorized(): void {
  clearOperatorToken();
  if (window.location.pathname !== operatorPaths.login) window.location.assign(`${operatorPaths.login}?expired=1`);
}

const parseWith =
  <S extends z.ZodType>(schema: S) =>
  (data: unknown): z.infer<S> =>
    schema.parse(data);

type Call = { method?: 'GET' | 'POST' | 'DELETE'; json?: Record<string, unknown>; signal?: AbortSignal };

/** A signed-in call: the operator token, never the training one. */
function operatorRequest<S extends z.ZodType>(path: string, schema: S, call: Call = {}): Promise<z.infer<S>> {
  return apiRequest(`${BASE}${path}`, { ...call, parse: parseWith(schema), realm: { token: readOperatorToken(), onUnauthorized } });
}

/** A sign-in step: no token, and a 401 (wrong password, expired challenge) is the step's own answer. */
function signInRequest<S extends z.ZodType>(path: string, schema: S, json: Record<string, unknown>): Promise<z.infer<S>> {
  return apiRequest(`${BASE}${path}`, { method: 'POST', json, parse: parseWith(schema), signInOn401: false, realm: { token: null, onUnauthorized } });
}

export const operatorKeys = {
  all: ['operator'] as const,
  me: ['operator', 'me'] as const,
  reports: (q: string, status: ReportStatusFilter, offset: number) => ['operator', 'reports', q, status, offset] as const,
  report: (reportId: string) => ['operator', 'report', reportId] as const,
  original: (reportId: string) => ['operator', 'report', reportId, 'original'] as const,
  audit: (offset: number) => ['operator', 'audit', offset] as const,
  tenants: (q: string, offset: number) => ['operator', 'tenants', q, offset] as const,
};

export const setupPassword = (token: string, password: string) => signInRequest('/setup', operatorSetupAnswerSchema, { token, password });
export const login = (email: string, password: string) => signInRequest('/login', operatorLoginAnswerSchema, { email, password });
export const verifyTotp = (challengeToken: string, code: string) =>
  signInRequest('/login/totp', operatorSessionAnswerSchema, { challenge_token: challengeToken, code });

export const fetchMe = (signal?: AbortSignal) => operatorRequest('/me', operatorMeAnswerSchema, { signal });

export async function logout(): Promise<void> {
  try {
    await apiRequest(`${BASE}/logout`, { method: 'POST', parse: () => undefined, signInOn401: false, realm: { token: readOperatorToken(), onUnauthorized } });
  } finally {
    // Signed out on this side whatever the server said (an expired session is signed out already).
    clearOperatorToken();
  }
}

export type ReportStatusFilter = 'all' | 'flagged' | 'hidden';

export function fetchReports(params: { q: string; status: ReportStatusFilter; offset: number }, signal?: AbortSignal) {
  const query = new URLSearchParams({ status: params.status, limit: String(OPERATOR_PAGE_SIZE), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  return operatorRequest(`/reports?${query}`, operatorReportPageSchema, { signal });
}

export const fetchReport = (reportId: string, signal?: AbortSignal) =>
  operatorRequest(`/reports/${encodeURIComponent(reportId)}`, operatorReportDetailSchema, { signal });

/**
 * The private original screenshot, fetched with the bearer header (it is never a plain <img src>
 * to the API: that would need the token in the URL). Null when the report keeps none.
 */
export async function fetchOriginal(reportId: string, signal?: AbortSignal): Promise<Blob | null> {
  const headers = new Headers();
  const token = readOperatorToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${BASE}/reports/${encodeURIComponent(reportId)}/original`, { headers, credentials: 'same-origin', signal, cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (response.status === 404) return null;
  if (response.status === 401) onUnauthorized();
  if (!response.ok) throw new ApiError(response.status, null);
  return response.blob();
}

export type ReportAction = 'hide' | 'restore' | 'redact' | 'dismiss_flags' | 'delete';

/** Every moderation action takes a reason (optional only for redaction) and writes one audit entry. */
export function runReportAction(reportId: string, action: ReportAction, reason: string) {
  const id = encodeURIComponent(reportId);
  const json = { reason };
  switch (action) {
    case 'hide':
      return operatorRequest(`/reports/${id}/hide`, reportActionAnswer, { method: 'POST', json });
    case 'restore':
      return operatorRequest(`/reports/${id}/restore`, reportActionAnswer, { method: 'POST', json });
    case 'redact':
      return operatorRequest(`/reports/${id}/redact`, reportActionAnswer, { method: 'POST', json: reason ? json : {} });
    case 'dismiss_flags':
      return operatorRequest(`/reports/${id}/flags/dismiss`, reportActionAnswer, { method: 'POST', json });
    case 'delete':
      return operatorRequest(`/reports/${id}`, reportActionAnswer, { method: 'DELETE', json });
  }
}

export function fetchAuditLog(params: { offset: number; reportId?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(OPERATOR_PAGE_SIZE), offset: String(params.offset) });
  if (params.reportId) query.set('report_id', params.reportId);
  return operatorRequest(`/audit-log?${query}`, operatorAuditPageSchema, { signal });
}

export function fetchTenants(params: { q: string; offset: number }, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(OPERATOR_PAGE_SIZE), offset: String(params.offset) });
  if (params.q) query.set('q', params.q);
  return operatorRequest(`/tenants?${query}`, operatorTenantPageSchema, { signal });
}

/** 入金確認: the invoice becomes 入金済み; the memo (optional) goes into the audit log with it. */
export const confirmInvoicePayment = (invoiceId: number, reason: string) =>
  operatorRequest(`/invoices/${invoiceId}/confirm-payment`, operatorInvoiceActionSchema, { method: 'POST', json: { reason } });
