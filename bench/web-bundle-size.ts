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
