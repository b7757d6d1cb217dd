import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

/**
 * A landed migration must mean the same thing forever, so it may import only kysely and the frozen
 * helper copies beside it (migration-dialect-vN.ts), never application code that can change.
 */
describe('migrations are frozen', () => {
  const folder = import.meta.dirname;
  const files = fs.readdirSync(folder).filter((file) => /^\d{14}_.+\.ts$/.test(file));

  it('lists every migration file in index.ts, in timestamp order', () => {
    expect(Object.keys(migrations)).toEqual(files.map((file) => file.slice(0, -'.ts'.length)).sort());
  });

  it('imports nothing but kysely and the frozen helpers', () => {
    for (const file of files) {
      const source = fs.readFileSync(path.join(folder, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const target of imports) expect(target, `${file} imports ${target}`).toMatch(/^(kysely|\.\/migration-dialect-v\d+)$/);
    }
  });
});
