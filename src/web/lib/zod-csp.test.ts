import './zod-csp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod without the eval probe', () => {
  it('is what zod itself reads as its configuration', () => {
    expect(z.config().jitless).toBe(true);
  });
});
