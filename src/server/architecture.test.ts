import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layering (docs/ARCHITECTURE.md): routes call services, services apply the rules, and only
 * repositories know how data is stored. A service or a route that imports Kysely, the database
 * module, the table/row types (db/schema) or the dialect helpers (timestamps, unique violations)
 * has reached past its repository.
 */
const SERVER = import.meta.dirname;
const STORAGE_MODULES = [
  /^kysely($|\/)/,
  /^pg$/,
  /^better-sqlite3$/,
  /(^|\/)db\/(database|dialect|schema|migrator)$/,
  /(^|\/)db\/migrations($|\/)/,
];

function layerFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...layerFiles(full));
    else if (/\.(service|routes)\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** Every module a file names in `import … from`, `export … from` or `import('…')`. */
export function importedModules(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'([^']+)'/gm)].map((match) => match[1]!);
}

describe('services and routes do not reach into storage', () => {
  const files = layerFiles(path.join(SERVER, 'features'));

  it('finds the files it checks', () => {
    expect(files.some((file) => file.endsWith('auth.service.ts'))).toBe(true);
    expect(files.some((file) => file.endsWith('auth.routes.ts'))).toBe(true);
  });

  it('recognises a storage import (the check can fail)', () => {
    const offending = importedModules("import type { UserRow } from '../../db/schema';\nimport { sql } from 'kysely';");
    expect(offending.filter((module) => STORAGE_MODULES.some((pattern) => pattern.test(module)))).toEqual(['../../db/schema', 'kysely']);
  });

  it('imports no Kysely, database module, row types or dialect helpers in any *.service.ts or *.routes.ts', () => {
    const offences = files.flatMap((file) => {
      const modules = importedModules(fs.readFileSync(file, 'utf8'));
      return modules
        .filter((module) => STORAGE_MODULES.some((pattern) => pattern.test(module)))
        .map((module) => `${path.relative(SERVER, file)} imports ${module}`);
    });
    expect(offences).toEqual([]);
  });
});
