import { z } from 'zod';

/** Every API answer is wrapped the same way; errors carry per-field messages only for validation. */
export type ApiFailure = { success: false; message: string; errors?: Record<string, string[]> };

export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });
