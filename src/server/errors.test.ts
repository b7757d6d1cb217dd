import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod } from './errors';

describe('fieldErrorsFromZod', () => {
  const schema = z.object({
    name: z.string().min(1, { error: '名前' }),
    ids: z.array(z.number({ error: '番号' })),
    billing: z.object({ email: z.string().min(1, { error: 'メール' }) }),
  });

  it('keys a nested object’s field parent.child, an array item under its array, and a root issue under _', () => {
    const result = schema.safeParse({ name: '', ids: [1, 'x'], billing: { email: '' } });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual({ name: ['名前'], ids: ['番号'], 'billing.email': ['メール'] });
    const root = z.string({ error: '文字列' }).safeParse(1);
    expect(fieldErrorsFromZod(root.error!)).toEqual({ _: ['文字列'] });
  });
});
