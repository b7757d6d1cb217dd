import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server renders each host page itself (src/server/features/pages), so there is no
 * index.html: Vite builds one entry plus lazy chunks, and the manifest tells the server
 * which hashed files a page needs.
 */
/** Vite names a chunk after its module: the entry is main.tsx, and each page's code is a mount.tsx (main.tsx's `pages`). */
const isEntryChunk = (file: string) => /(^|\/)main-[\w-]+\.js$/.test(file);
const isPageMountChunk = (file: string) => /(^|\/)mount-[\w-]+\.js$/.test(file);

export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // The host page lists every chunk a page's mount needs as <link rel="modulepreload">
      // (src/server/features/pages/web-assets.ts), so the entry need not carry that list again for
      // each of its pages (about 0.8 KB gzip before first paint). Other lazy imports keep theirs.
      resolveDependencies: (filename, deps, { hostId }) => (isEntryChunk(hostId) && isPageMountChunk(filename) ? [] : deps),
    },
    rollupOptions: {
      input: 'src/web/main.tsx',
    },
  },
});
