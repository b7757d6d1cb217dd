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
  /** Lower-case ASCII, an IDN in punycode (`xn--r8jz45g.jp`). */
  domain: z.string(),
  /** As people read it: an IDN in Unicode (`例え.jp`), otherwise the same as `domain`. */
  display_domain: z.string(),
  source: z.enum(DOMAIN_SOURCES),
  verified: z.boolean(),
  /** The exact TXT record to add (name and value), for a domain proved by DNS. */
  txt_record: z.object({ name: z.string(), value: z.string() }).nullable(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
});
export type SendingDomain = z.output<typeof sendingDomainSchema>;

export const sendingDomainListSchema = z.object({ domains: z.array(sendingDomainSchema) });

/** POST /api/sending-domains: the domain as typed (normalised by the server: lower case, IDN → punycode). */
export const addSendingDomainSchema = z.object({ domain: z.string().max(300) });
export type AddSendingDomainValues = z.input<typeof addSendingDomainSchema>;

/** How a DNS check of a domain ended. */
export const DOMAIN_CHECK_RESULTS = ['verified', 'record_not_found', 'value_mismatch', 'dns_error'] as const;
export type DomainCheckResult = (typeof DOMAIN_CHECK_RESULTS)[number];

/** POST /api/sending-domains/{domain_id}/verify: the result of the lookup, in Japanese, and the domain as it now stands. */
export const sendingDomainCheckSchema = z.object({
  result: z.enum(DOMAIN_CHECK_RESULTS),
  message: z.string(),
  domain: sendingDomainSchema,
});
export type SendingDomainCheck = z.output<typeof sendingDomainCheckSchema>;
