import { ensureWebAssets } from '../../scripts/web-build';

/** Browser tests run against the real built assets; build them once per run when stale. */
export default async function setup(): Promise<void> {
  await ensureWebAssets();
}
