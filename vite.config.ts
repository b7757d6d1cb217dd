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
    },
  },
});
