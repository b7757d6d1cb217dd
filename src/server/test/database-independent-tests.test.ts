import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_INDEPENDENT_TESTS } from './database-independent-tests';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/**
 * What a test needs to open a database: our connection factory (openDatabase), the test database
 * helpers, or a driver. Kysely needs one of the drivers for either dialect, so a file that reaches
 * none of these cannot connect, even when it imports a repository class or the dialect helpers.
 */
const DATABASE_MODULES = [/^src\/server\/db\/database\.ts$/, /^src\/server\/test\/(test-database|test-app|per-file-database\.setup)\.ts$/];
const DATABASE_PACKAGES = new Set(['pg', 'better-sqlite3']);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module of this repository the file imports, directly or through others, and every package named on the way. */
function importGraph(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    if (modules.has(relative)) continue;
    modules.add(relative);
    if (!/\.(ts|tsx|js|mjs)$/.test(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        if (resolved) queue.push(resolved);
        else throw new Error(`${relative}: cannot resolve ${specifier}`);
      } else if (!specifier.startsWith('node:')) {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
  }
  return { modules, packages };
}

describe('the PostgreSQL pass skips only files that cannot reach a database', () => {
  it.each(DATABASE_INDEPENDENT_TESTS)('%s', (file) => {
    expect(fs.existsSync(path.join(ROOT, file)), `${file} is listed but missing`).toBe(true);
    const { modules, packages } = importGraph(file);
    expect([...modules].filter((module) => DATABASE_MODULES.some((pattern) => pattern.test(module)))).toEqual([]);
    expect([...packages].filter((name) => DATABASE_PACKAGES.has(name))).toEqual([]);
  });

  it('tells a file that reaches the database apart (the check can fail)', () => {
    const { modules } = importGraph('src/server/features/phishing-reports/report-search.test.ts');
    expect([...modules].some((module) => DATABASE_MODULES.some((pattern) => pattern.test(module)))).toBe(true);
  });
});
