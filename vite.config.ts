import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server renders each host page itself (src/server/features/pages), so there is no
 * index.html: Vite builds one entry plus lazy chunks, and the manifest tells the server
 * which hashed files a page needs.
 */
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
    rollupOptions: {
      input: 'src/web/main.tsx',
      // zod's schema builders are pure. Saying so lets the bundler drop the schemas the page does
      // not use (src/common/api-envelope.ts builds one next to the header names the client needs),
      // which keeps zod out of the first-paint chunks: the form loads it lazily for validation.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
