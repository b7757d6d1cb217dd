import type { z } from 'zod';
import {
  TEMPLATE_PAGE_SIZE,
  templateListSchema,
  type templatePreviewRequestSchema,
  templatePreviewSchema,
  templateSchema,
  templateTestSendSchema,
  type Template,
  type TemplateCategory,
  type TemplatePreview,
  type TemplateTestSend,
} from '../../../common/templates.schema';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The client of /api/templates (issue 10 part 3); answers are checked with the shared schemas. */
const BASE = '/api/templates';

export type TemplateSource = 'builtin' | 'own';
export type TemplateFilters = { category: TemplateCategory | ''; difficulty: number | null; source: TemplateSource | ''; q: string; offset: number };
export type TemplateList = z.output<typeof templateListSchema>;
/** What an administrator writes; the server adds the id, the built-in flag and the dates. */
export type TemplateInput = Omit<Template, 'template_id' | 'is_builtin' | 'created_at' | 'updated_at'>;

export const templateKeys = {
  all: ['templates'] as const,
  list: (filters: TemplateFilters) => ['templates', 'list', filters] as const,
  detail: (id: number) => ['templates', 'detail', id] as const,
  preview: (id: number) => ['templates', 'preview', id] as const,
  /** One person's (or, with null, the samples') preview: under preview(id), so saving refreshes them all. */
  previewFor: (id: number, userId: number | null) => ['templates', 'preview', id, userId] as const,
};

const path = (id: number, action = '') => `${BASE}/${encodeURIComponent(String(id))}${action}`;

export function fetchTemplates(filters: TemplateFilters, signal?: AbortSignal): Promise<TemplateList> {
  const query = new URLSearchParams({ limit: String(TEMPLATE_PAGE_SIZE), offset: String(filters.offset) });
  if (filters.category) query.set('category', filters.category);
  if (filters.difficulty) query.set('difficulty', String(filters.difficulty));
  if (filters.source) query.set('source', filters.source);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  return apiRequest(`${BASE}?${query}`, { parse: (data) => templateListSchema.parse(data), signal });
}

export function fetchTemplate(id: number, signal?: AbortSignal): Promise<Template> {
  return apiRequest(path(id), { parse: (data) => templateSchema.parse(data), signal });
}

export function createTemplate(input: TemplateInput): Promise<Template> {
  return apiRequest(BASE, { method: 'POST', json: input, parse: (data) => templateSchema.parse(data) });
}

export function updateTemplate(id: number, input: TemplateInput): Promise<Template> {
  return apiRequest(path(id), { method: 'PUT', json: input, parse: (data) => templateSchema.parse(data) });
}

export function deleteTemplate(id: number): Promise<void> {
  return apiRequest(path(id), { method: 'DELETE', parse: () => undefined });
}

export function duplicateTemplate(id: number): Promise<Template> {
  return apiRequest(path(id, '/duplicate'), { method: 'POST', json: {}, parse: (data) => templateSchema.parse(data) });
}

/** The saved template rendered with sample values, or with those of one of the tenant's people. */
export function previewTemplate(id: number, userId: number | null, signal?: AbortSignal): Promise<TemplatePreview> {
  const json: z.input<typeof templatePreviewRequestSchema> = userId === null ? {} : { user_id: userId };
  return apiRequest(path(id, '/preview'), { method: 'POST', json, parse: (data) => templatePreviewSchema.parse(data), signal });
}

/** An unsaved draft rendered with sample person values (the editor's live preview). */
export function previewDraft(input: TemplateInput, signal?: AbortSignal): Promise<TemplatePreview> {
  return apiRequest(`${BASE}/preview`, { method: 'POST', json: input, parse: (data) => templatePreviewSchema.parse(data), signal });
}

/** Mails the template to the signed-in administrator; the answer says to which address. */
export function testSendTemplate(id: number): Promise<TemplateTestSend> {
  return apiRequest(path(id, '/test-send'), { method: 'POST', json: {}, parse: (data) => templateTestSendSchema.parse(data) });
}

export function templateFromReport(reportId: string): Promise<Template> {
  return apiRequest(`${BASE}/from-report`, { method: 'POST', json: { report_id: reportId }, parse: (data) => templateSchema.parse(data) });
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

