import type { FastifyBaseLogger } from 'fastify';
import type { TemplateFields } from '../../../common/templates.schema';
import type { BuiltinTemplate } from './builtin-templates/builtin-template.types';
import { sanitizeTemplateHtml } from './template-html';
import type { TemplatesRepository } from './templates.repo';

/**
 * The built-in library lives in code (builtin-templates/) and is synced into `training_templates`
 * at start-up, rather than served from code, because campaigns (next issue) refer to a template by
 * its row id, and the library list filters, searches and pages built-ins and a tenant's own in one
 * query. The sync is idempotent and safe with several instances starting at once: new keys are
 * inserted (a concurrent insert of the same key is ignored), changed ones updated, and keys no
 * longer in code are retired (`retired_at`), never deleted, so a campaign's lure stays readable.
 * The HTML is stored sanitised like any other template's, so every stored body has passed the
 * same allow-list.
 */
export async function syncBuiltinTemplates(
  repo: TemplatesRepository,
  library: readonly BuiltinTemplate[],
  now: Date,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<{ inserted: number; updated: number; retired: number }> {
  const stored = new Map((await repo.builtinRows()).map((row) => [row.builtinKey!, row]));
  let inserted = 0;
  let updated = 0;
  for (const template of library) {
    const fields = fieldsOf(template);
    const row = stored.get(template.key);
    if (!row) {
      await repo.insertBuiltin(template.key, fields, now);
      inserted += 1;
    } else if (row.retired || !sameFields(row, fields)) {
      await repo.updateBuiltin(template.key, fields, now);
      updated += 1;
    }
  }
  const keys = new Set(library.map((template) => template.key));
  const removed = [...stored.values()].filter((row) => !row.retired && !keys.has(row.builtinKey!)).map((row) => row.builtinKey!);
  await repo.retireBuiltins(removed, now);
  if (inserted + updated + removed.length > 0) log?.info({ inserted, updated, retired: removed.length }, 'built-in templates synced');
  return { inserted, updated, retired: removed.length };
}

/** The library's lure as stored: its sync key off, its HTML through the same sanitiser as a tenant's. */
function fieldsOf({ key: _key, ...template }: BuiltinTemplate): TemplateFields {
  return {
    ...template,
    html_body: sanitizeTemplateHtml(template.html_body),
    // In the stored key order, so sameFields can compare them as JSON.
    red_flags: template.red_flags.map(({ label, explanation, excerpt }) => ({ label, explanation, excerpt })),
  };
}

function sameFields(row: TemplateFields, fields: TemplateFields): boolean {
  return (Object.keys(fields) as Array<keyof TemplateFields>).every((key) =>
    key === 'red_flags' ? JSON.stringify(row.red_flags) === JSON.stringify(fields.red_flags) : row[key] === fields[key],
  );
}
