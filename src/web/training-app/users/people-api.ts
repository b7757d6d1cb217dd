import {
  groupListSchema,
  groupSchema,
  importResultSchema,
  PEOPLE_PAGE_SIZE,
  peopleListSchema,
  personSchema,
  type Group,
  type ImportResult,
  type PeopleList,
  type Person,
  type PersonInput,
} from '../../../common/people.schema';
import { trainingPaths } from '../../../common/training-routes';
import { clearAuthToken, readAuthToken } from '../../auth/token-storage';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The list as the screen asks for it: search text, one group, and a 1-based page. */
export type PeopleFilter = { q: string; groupId: number | null; page: number };

/** Body of POST/PUT /api/users as the dialog sends it (the server trims and checks again). */
/** What the add/edit dialog sends: the server's own input schema. */
export type PersonPayload = PersonInput;

export const peopleKeys = {
  all: ['people'] as const,
  lists: ['people', 'list'] as const,
  list: (filter: PeopleFilter) => ['people', 'list', filter] as const,
  groups: ['people', 'groups'] as const,
};

export function fetchPeople(filter: PeopleFilter, signal?: AbortSignal): Promise<PeopleList> {
  const params = new URLSearchParams({ limit: String(PEOPLE_PAGE_SIZE), offset: String((filter.page - 1) * PEOPLE_PAGE_SIZE) });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.groupId !== null) params.set('group_id', String(filter.groupId));
  return apiRequest(`/api/users?${params}`, { parse: (data) => peopleListSchema.parse(data), signal });
}

export function createPerson(payload: PersonPayload): Promise<Person> {
  return apiRequest('/api/users', { method: 'POST', json: payload, parse: (data) => personSchema.parse(data) });
}

export function updatePerson(userId: number, payload: PersonPayload): Promise<Person> {
  return apiRequest(`/api/users/${userId}`, { method: 'PUT', json: payload, parse: (data) => personSchema.parse(data) });
}

export function deletePerson(userId: number): Promise<void> {
  return apiRequest(`/api/users/${userId}`, { method: 'DELETE', json: {}, parse: () => undefined });
}

export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest('/api/groups', { parse: (data) => groupListSchema.parse(data).groups, signal });
}

export function createGroup(name: string): Promise<Group> {
  return apiRequest('/api/groups', { method: 'POST', json: { name }, parse: (data) => groupSchema.parse(data) });
}

export function renameGroup(groupId: number, name: string): Promise<Group> {
  return apiRequest(`/api/groups/${groupId}`, { method: 'PUT', json: { name }, parse: (data) => groupSchema.parse(data) });
}

export function deleteGroup(groupId: number): Promise<void> {
  return apiRequest(`/api/groups/${groupId}`, { method: 'DELETE', json: {}, parse: () => undefined });
}

/** POST /api/users/import: `dryRun` asks for the preview only; otherwise the valid rows are applied. */
export function importPeople(file: File, dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  // Fields before the file: a streaming multipart reader sees them before it reaches the upload.
  form.append('dry_run', dryRun ? '1' : '0');
  form.append('file', file, file.name);
  return apiRequest('/api/users/import', { method: 'POST', form, parse: (data) => importResultSchema.parse(data) });
}

/** The file name the server gives in Content-Disposition (RFC 6266 `filename*` first), else a dated default (`{fallbackBase}-YYYYMMDD.csv`). */
export function exportFileName(disposition: string | null, now = new Date(), fallbackBase = 'users', extension = 'csv'): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escapes: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '');
  if (plain?.[1]?.trim()) return plain[1].trim();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${fallbackBase}-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}.${extension}`;
}

/**
 * A file download (a CSV export, an invoice PDF) is not a JSON envelope, so it cannot go through
 * apiRequest; it still carries the bearer token, and a 401 ends the sign-in as everywhere else (SPEC §8).
 */
export async function downloadFile(path: string, fallbackBase: string, type: { accept: string; extension: string }): Promise<{ blob: Blob; fileName: string }> {
  const headers = new Headers({ Accept: type.accept });
  const bearer = readAuthToken();
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null);
  }
  if (response.status === 401) {
    clearAuthToken();
    window.location.assign(trainingPaths.login);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(response.status, typeof payload?.message === 'string' ? payload.message : null);
  }
  return { blob: await response.blob(), fileName: exportFileName(response.headers.get('content-disposition'), new Date(), fallbackBase, type.extension) };
}

/** A CSV export (GET /api/users/export, /api/campaigns/{id}/export). */
export function downloadCsv(path: string, fallbackBase: string): Promise<{ blob: Blob; fileName: string }> {
  return downloadFile(path, fallbackBase, { accept: 'text/csv', extension: 'csv' });
}

export function downloadPeopleCsv(): Promise<{ blob: Blob; fileName: string }> {
  return downloadCsv('/api/users/export', 'users');
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob after the click handler has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "8 / 10名", or only the count on a plan without a cap. */
export function usageText(registered: number, max: number | null): string {
  return max === null ? `${registered}名` : `${registered} / ${max}名`;
}
