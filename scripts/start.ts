import { ensureWebAssets } from './web-build';

// `npm start` must work on a fresh clone: build the browser assets when missing or stale, then serve.
await ensureWebAssets();
await import('../src/server/main.ts');
