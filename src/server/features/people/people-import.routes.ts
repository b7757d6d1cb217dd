import { successEnvelope } from '../../../common/api-envelope';
import { peopleMessages } from '../../../common/messages';
import { importResultSchema, PEOPLE_IMPORT_MAX_BYTES, PEOPLE_IMPORT_MAX_ROWS, peopleImportFieldsSchema, peopleImportMultipartDocSchema } from '../../../common/people.schema';
import { AppError, parseOrThrow } from '../../errors';
import { readMultipartForm } from '../../lib/multipart-form';
import type { ZodRoutes } from '../../lib/zod-route';
import { REALM_ERRORS, tenantOf } from '../../plugins/tenant-realm.plugin';
import type { PeopleImportService } from './people-import.service';
import { PEOPLE_TAGS as tags } from './people-route-common';

const tooLarge = peopleMessages.importTooLarge(PEOPLE_IMPORT_MAX_BYTES / (1024 * 1024));

/** POST /api/users/import (CSV, with a dry-run preview) and GET /api/users/export (tenant realm). */
export function registerPeopleImportRoutes(realm: ZodRoutes, { service }: { service: PeopleImportService }): void {
  realm.post('/api/users/import', {
    // dry_run may come as a form field (as documented) or in the query string (?dry_run=1).
    schema: { querystring: peopleImportFieldsSchema, response: { 200: successEnvelope(importResultSchema) } },
    config: {
      openapi: {
        summary: `Import people from a CSV (UTF-8 or Shift_JIS, up to 1 MB and ${PEOPLE_IMPORT_MAX_ROWS} rows); dry_run=1 previews each row as new, updated or error`,
        tags,
        multipartBody: peopleImportMultipartDocSchema,
        errors: {
          ...REALM_ERRORS, 413: tooLarge, 415: 'Not a multipart form',
          422: 'No file, unreadable file, missing columns, too many rows, or more new people than the plan allows (applying only)',
        },
      },
    },
  }, async (request) => {
    // The file cap is this route's own (1 MB), below the app-wide one for screenshots.
    const form = await readMultipartForm(request, { fileFields: ['file'], tooLargeMessage: tooLarge, maxFileBytes: PEOPLE_IMPORT_MAX_BYTES });
    const dryRun = parseOrThrow(peopleImportFieldsSchema, form.fields).dry_run || request.query.dry_run;
    const file = form.files.file;
    if (!file) throw AppError.validation({ file: [peopleMessages.importFileRequired] });
    return { success: true as const, data: await service.import(tenantOf(request), file, dryRun) };
  });

  realm.get('/api/users/export', {
    config: { openapi: { summary: 'Every person as CSV (UTF-8 with BOM, for Excel)', tags, errors: REALM_ERRORS } },
  }, async (request, reply) => {
    const { body, disposition } = await service.export(tenantOf(request).tenantId);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', disposition).header('cache-control', 'no-store').send(body);
  });
}
