import { z } from 'zod';
import { successEnvelope } from '../../../common/api-envelope';

/** Answer shapes of the account routes, for the OpenAPI document (the types live in src/common). */
const userSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  tenant_id: z.number().optional().describe('Present for corporate users only'),
  role: z.enum(['admin', 'member']),
  pending_email: z.string().nullable(),
  created_at: z.string(),
});
export const tenantSchema = z.object({ tenant_id: z.number(), company_name: z.string(), plan: z.string() });

export const messageResponseSchema = successEnvelope(z.object({ message: z.string() }));
export const verifyEmailResponseSchema = successEnvelope(z.object({ email: z.string() }));
export const registrationResponseSchema = successEnvelope(
  z.object({
    tenant: tenantSchema,
    user: userSchema,
    credentials: z.object({ email: z.string(), password: z.string() }),
    redirect_url: z.string(),
  }),
);
export const sessionResponseSchema = successEnvelope(z.object({ user: userSchema, tenant: tenantSchema.nullable(), token: z.string() }));
export const currentUserResponseSchema = successEnvelope(z.object({ user: userSchema, tenant: tenantSchema.nullable() }));
export const profileResponseSchema = successEnvelope(z.object({ user: userSchema, tenant: tenantSchema.nullable(), message: z.string() }));
export const passwordChangeResponseSchema = successEnvelope(z.object({ token: z.string(), message: z.string() }));
export const emailChangeResponseSchema = successEnvelope(z.object({ email: z.string(), message: z.string() }));
