import { describe, expect, it } from 'vitest';
import { BackgroundLoop } from './background-loop';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('BackgroundLoop', () => {
  it('runs one pass at a time, and one more when kicked during a pass', async () => {
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    const loop = new BackgroundLoop(async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      passes++;
      await tick();
      active--;
    }, 60_000);
    loop.kick();
    loop.kick();
    loop.kick();
    await loop.drain();
    expect(maxActive).toBe(1);
    expect(passes).toBe(2);
    await loop.close();
  });

  it('waits for the pass in hand on close, and runs nothing after it', async () => {
    let finished = false;
    let passes = 0;
    const loop = new BackgroundLoop(async () => {
      passes++;
      await tick();
      finished = true;
    }, 60_000);
    loop.start();
    expect(loop.started).toBe(true);
    await loop.close();
    expect(finished).toBe(true);
    expect(loop.closed).toBe(true);
    loop.kick();
    await loop.drain();
    expect(passes).toBe(1);
  });
});
