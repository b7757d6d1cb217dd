import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** How a file was found to load before first paint; each is a separate check on the others. */
type FoundBy = 'host page' | 'manifest imports' | 'parsed imports';

export interface BundleFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  foundBy: FoundBy[];
}

export interface BundleReport {
  files: BundleFile[];
  /** What the host page asks for (module script + modulepreload links). */
  hostPageGzipBytes: number;
  /** Everything any of the three checks found; the figure the target is judged on. */
  totalGzipBytes: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const PAGE_PATH = '/phishing-reports';

/**
 * Gzipped size of the JavaScript /phishing-reports loads before first paint. Three views are
 * merged, so a file missed by one still counts: the tags the served host page carries, the entry's
 * static `imports` closure in Vite's manifest, and the static imports parsed out of the served chunks.
 */
export async function measureFirstPaintJs(appUrl: string, webDistDir: string): Promise<BundleReport> {
  const found = new Map<string, Set<FoundBy>>();
  const note = (file: string, by: FoundBy) => {
    const ways = found.get(file) ?? new Set<FoundBy>();
    found.set(file, ways.add(by));
  };

  const hostPage = await fetchText(`${appUrl}${PAGE_PATH}`);
  const pageFiles = scriptsOfHostPage(hostPage);
  pageFiles.forEach((file) => note(file, 'host page'));
  manifestClosure(webDistDir).forEach((file) => note(file, 'manifest imports'));
  const entry = pageFiles[0];
  if (entry) (await parsedClosure(appUrl, entry)).forEach((file) => note(file, 'parsed imports'));

  const files: BundleFile[] = [];
  for (const [file, foundBy] of found) {
    const content = await fetchBytes(`${appUrl}${file}`);
    files.push({ path: file, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length, foundBy: [...foundBy] });
  }
  const sum = (list: BundleFile[]) => list.reduce((total, file) => total + file.gzipBytes, 0);
  return {
    files,
    hostPageGzipBytes: sum(files.filter((file) => file.foundBy.includes('host page'))),
    totalGzipBytes: sum(files),
  };
}

/** `<script type="module" src>` first (the entry), then every `<link rel="modulepreload" href>`. */
export function scriptsOfHostPage(html: string): string[] {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'type') === 'module')
    .map((tag) => attribute(tag, 'src'));
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href'));
  return [...scripts, ...preloads].filter((file): file is string => Boolean(file));
}

function manifestClosure(webDistDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return [...files];
}

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import(…)`. */
const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;

async function parsedClosure(appUrl: string, entry: string): Promise<string[]> {
  const files = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (files.has(file)) return;
    files.add(file);
    const source = await fetchText(`${appUrl}${file}`);
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (specifier && /^(\.{1,2})?\//.test(specifier)) await visit(new URL(specifier, `http://x${file}`).pathname);
    }
  };
  await visit(entry);
  return [...files];
}

async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  // fetch undoes the transfer compression, so this is the file as built.
  return Buffer.from(await response.arrayBuffer());
}

async function fetchText(url: string): Promise<string> {
  return (await fetchBytes(url)).toString('utf8');
}

/**
 * Alone, without seeding 100,000 reports: `npm run build`, then
 * `node --import tsx bench/web-bundle-size.ts`. Starts the app on an empty data folder, measures,
 * prints each file and the verdict against TARGETS.firstPaintJsGzipBytes; exits 1 when over.
 */
async function main(): Promise<void> {
  const [{ default: os }, { randomBytes }, { openDatabase }, { migrateToLatest }, { BenchServerProcess }, { bundleTable, TARGETS }] = await Promise.all([
    import('node:os'),
    import('node:crypto'),
    import('../src/server/db/database'),
    import('../src/server/db/migrator'),
    import('./server-process'),
    import('./summary'),
  ]);
  const repoRoot = path.resolve(import.meta.dirname, '..');
  const webDistDir = path.join(repoRoot, 'dist', 'web');
  if (!fs.existsSync(path.join(webDistDir, '.vite', 'manifest.json'))) throw new Error('dist/web is not built: run "npm run build" first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kizuki-bundle-'));
  // The app expects a migrated database (npm start migrates before it builds the app).
  const handle = openDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'kizuki.sqlite') });
  await migrateToLatest(handle);
  await handle.destroy();
  // As reports-bench.ts starts it: production needs an SMTP server, but no mail is sent (worker off).
  const server = await BenchServerProcess.start({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    APP_SECRET: randomBytes(32).toString('base64url'),
    SMTP_URL: 'smtp://127.0.0.1:25',
    MAIL_WORKER: '0',
    REDIS_URL: '',
  });
  try {
    const report = await measureFirstPaintJs(server.appUrl, webDistDir);
    report.files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    console.log(bundleTable(report));
    const met = report.totalGzipBytes <= TARGETS.firstPaintJsGzipBytes;
    console.log(`\nJavaScript before first paint of ${PAGE_PATH}: ${report.totalGzipBytes.toLocaleString('en')} B gzip (host page tags: ${report.hostPageGzipBytes.toLocaleString('en')} B), target ≤ ${TARGETS.firstPaintJsGzipBytes.toLocaleString('en')} B: ${met ? 'met' : 'MISSED'}`);
    if (!met) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
