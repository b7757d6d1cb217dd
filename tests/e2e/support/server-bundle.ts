import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Inside node_modules so the bundle's bare imports (fastify, pg, tesseract.js …) resolve as from the sources. */
const BUNDLES = path.join(ROOT, 'node_modules/.cache/kizuki-e2e-server');

/**
 * `new URL('./lesson-assets/lesson.css', import.meta.url)` and `createRequire(import.meta.url)`
 * must keep meaning the source file's own address, not the bundle's: each file's import.meta.url
 * becomes the URL of the .ts file it is written in.
 */
const sourceImportMeta: Plugin = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

export interface ServerBundle {
  /** The bundled src/server/main.ts, run with plain `node`. */
  entry: string;
  remove(): void;
}

/**
 * src/server/main.ts and everything it imports from src/, compiled once per browser-test run into
 * one ES module (esbuild, the transpiler tsx itself runs; node_modules stay external and load as
 * they do under `npm start`). A server process then starts without tsx transpiling and resolving
 * some 300 source files through its loader hooks: measured 6.6 s against 2.9 s to /healthz at
 * load 7–8 (docs/performance.md, "CI time, round 3"), for each of the files' servers.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  fs.mkdirSync(BUNDLES, { recursive: true });
  const dir = fs.mkdtempSync(path.join(BUNDLES, 'run-'));
  const entry = path.join(dir, 'main.mjs');
  await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [sourceImportMeta],
  });
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
