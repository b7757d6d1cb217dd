import { z } from 'zod';

/**
 * Sending domains (issue 10 part 2): a tenant sends training mail only to people at domains it
 * controls. The administrator's own (non-free-mail) domain counts at once; others are proved with
 * a DNS TXT record `kizuki-verification=<token>` at the domain's apex.
 */
export const DOMAIN_VERIFICATION_PREFIX = 'kizuki-verification=';

/** How a domain came to be allowed. */
export const DOMAIN_SOURCES = ['admin_address', 'dns_txt'] as const;

export const sendingDomainSchema = z.object({
  /** Null for the administrator's own domain, which has no row to delete. */
  domain_id: z.number().int().nullable(),
  domain: z.string(),
  source: z.enum(DOMAIN_SOURCES),
  verified: z.boolean(),
  /** The exact TXT record to add (name and value), for a domain proved by DNS. */
  txt_record: z.object({ name: z.string(), value: z.string() }).nullable(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
});
export type SendingDomain = z.output<typeof sendingDomainSchema>;

export const sendingDomainListSchema = z.object({ domains: z.array(sendingDomainSchema) });
