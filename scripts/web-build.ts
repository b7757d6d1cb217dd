import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MANIFEST = path.join(ROOT, 'dist/web/.vite/manifest.json');
const INPUTS = ['src/web', 'src/common', 'vite.config.ts', 'package-lock.json'];

function newestModification(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestModification(path.join(target, entry.name)));
  }
  return newest;
}

/** True when the built web assets are missing or older than any of their sources. */
export function webBuildIsStale(): boolean {
  const manifest = fs.statSync(MANIFEST, { throwIfNoEntry: false });
  if (!manifest) return true;
  return INPUTS.some((input) => newestModification(path.join(ROOT, input)) > manifest.mtimeMs);
}

/**
 * Builds in a child process with NODE_ENV=production: Vite keeps an inherited NODE_ENV, and under
 * a test runner (NODE_ENV=test) that would ship React's development build, three times larger.
 */
export async function buildWebAssets(): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
}

export async function ensureWebAssets(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('Building the web assets (first start, or sources changed)…');
  await buildWebAssets();
}
