import { z } from 'zod';

/** Every API answer is wrapped the same way; errors carry per-field messages only for validation. */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

/** Header that carries the visitor fingerprint so limits can count it before a body is read. */
export const FINGERPRINT_HEADER = 'x-fingerprint';
export const CSRF_HEADER = 'x-csrf-token';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
