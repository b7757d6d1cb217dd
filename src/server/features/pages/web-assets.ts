import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export interface PageAssets {
  script: string;
  styles: string[];
  modulePreloads: string[];
}

export const WEB_ENTRY = 'src/web/main.tsx';

/**
 * Reads Vite's manifest once and answers which hashed files a host page needs: the entry, its
 * CSS, and, for the lazily loaded modules the page is known to mount, modulepreload links so
 * they download in parallel with the entry instead of after it.
 */
export class WebAssets {
  private manifest: Record<string, ManifestChunk> = {};
  private loadedVersion = -1;
  private readonly manifestPath: string;

  /** With `reloadOnChange` (development), a rebuild by `vite build --watch` is picked up without a restart. */
  constructor(
    readonly distDir: string,
    private readonly reloadOnChange = false,
  ) {
    this.manifestPath = path.join(distDir, '.vite', 'manifest.json');
    this.load();
  }

  private load(): void {
    const stat = fs.statSync(this.manifestPath, { throwIfNoEntry: false });
    if (!stat) throw new Error(`Web assets are not built (${this.manifestPath} is missing). Run "npm run build" or "npm start".`);
    if (stat.mtimeMs === this.loadedVersion) return;
    const manifest = JSON.parse(fs.readFileSync(this.manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    if (!manifest[WEB_ENTRY]) throw new Error(`The web manifest has no entry for ${WEB_ENTRY}.`);
    this.manifest = manifest;
    this.loadedVersion = stat.mtimeMs;
  }

  forPage(lazyModules: string[]): PageAssets {
    if (this.reloadOnChange) this.load();
    const entry = this.manifest[WEB_ENTRY] as ManifestChunk;
    const styles = new Set<string>();
    const preloads = new Set<string>();
    const visit = (key: string, isEntry: boolean) => {
      const chunk = this.manifest[key];
      if (!chunk) return;
      if (!isEntry) {
        if (preloads.has(chunk.file)) return;
        preloads.add(chunk.file);
      }
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach((imported) => visit(imported, false));
    };
    visit(WEB_ENTRY, true);
    for (const moduleKey of lazyModules) visit(moduleKey, false);
    preloads.delete(entry.file);
    return {
      script: `/${entry.file}`,
      styles: [...styles].map((file) => `/${file}`),
      modulePreloads: [...preloads].map((file) => `/${file}`),
    };
  }
}
