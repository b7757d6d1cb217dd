import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import type { ScreenshotAnalyzer } from '../features/screenshot-ocr/screenshot-ocr.types';
import { blackPng } from '../test/image-factories';
import { multipartPayload } from '../test/report-factories';
import { blankAnalyzer } from '../test/screenshot-analyzer-doubles';
import { createTestApp } from '../test/test-app';

/** An analyzer that holds every analysis until `release` is called, and says when one has begun. */
function heldAnalyzer() {
  const blank = blankAnalyzer();
  let begun!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const analyzer: ScreenshotAnalyzer = {
    ...blank,
    analyze: async (image) => {
      begun();
      await released;
      return blank.analyze(image);
    },
  };
  return { analyzer, started, release };
}

it('answers a request in flight at shutdown with Connection: close, so closing does not wait for keep-alive to time out', async () => {
  const held = heldAnalyzer();
  const context = await createTestApp({ RATE_LIMIT_SCREENSHOT_ANALYZE: '1000' }, { screenshotAnalyzer: held.analyzer });
  try {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    // Fastify's default: an answered keep-alive connection stays open for 72 s.
    expect(context.app.server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    const { payload, headers } = await multipartPayload({}, { content: await blackPng({ width: 40, height: 40 }) });
    const answer = fetch(`http://127.0.0.1:${port}/api/phishing-reports/analyze-screenshot`, {
      method: 'POST',
      headers: { ...headers, cookie: context.csrf.cookie, ...context.csrf.header },
      body: new Uint8Array(payload),
    });
    await held.started;

    const closeStarted = Date.now();
    const closed = context.app.close();
    held.release();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await response.arrayBuffer();
    await closed;
    expect(Date.now() - closeStarted).toBeLessThan(10_000);
  } finally {
    held.release();
    await context.app.close();
    await context.database.destroy();
    fs.rmSync(context.dataDir, { recursive: true, force: true });
  }
});
