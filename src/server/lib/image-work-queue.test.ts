import { describe, expect, it } from 'vitest';
import { BoundedWorkQueue, IMAGE_WORK_SLOTS } from './image-work-queue';

class Refused extends Error {}

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('BoundedWorkQueue', () => {
  it('runs at most `slots` jobs at once, the rest in arrival order, and refuses beyond the wait limit', async () => {
    const queue = new BoundedWorkQueue({ slots: 2, waitLimit: 2, waitTimeoutMs: 60_000, refusal: () => new Refused() });
    const started: number[] = [];
    const gates = Array.from({ length: 4 }, gate);
    const jobs = gates.map((g, index) => queue.run(async () => {
      started.push(index);
      await g.promise;
      return index;
    }));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.queued]).toEqual([2, 2]);
    await expect(queue.run(async () => 'too many')).rejects.toBeInstanceOf(Refused);

    gates[1]!.open();
    await jobs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect([queue.active, queue.queued]).toEqual([0, 0]);
  });

  it('refuses a job that waited too long, and frees the slot of a job that failed', async () => {
    const queue = new BoundedWorkQueue({ slots: 1, waitLimit: 4, waitTimeoutMs: 30, refusal: () => new Refused() });
    const held = gate();
    const holder = queue.run(() => held.promise);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(Refused);
    expect(queue.queued).toBe(0);
    held.open();
    await holder;
    await expect(queue.run(async () => {
      throw new Error('broken image');
    })).rejects.toThrow('broken image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('leaves libuv threads for scrypt: at most two image jobs, and never all of the pool', () => {
    const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    expect(IMAGE_WORK_SLOTS).toBeGreaterThanOrEqual(1);
    expect(IMAGE_WORK_SLOTS).toBeLessThanOrEqual(Math.max(1, Math.min(2, pool - 2)));
  });
});
