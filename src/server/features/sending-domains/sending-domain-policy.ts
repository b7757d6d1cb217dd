import { domainMessages } from '../../../common/messages';
import { domainOf, isFreeMailDomain } from '../../../common/free-mail-domains';
import { toAsciiDomain } from './domain-name';
import type { SendingDomainsRepository } from './sending-domains.repo';

/**
 * Anti-abuse (issue 10 part 2): a tenant sends training mail only to people at domains it controls.
 * Allowed: the domains of its administrators' confirmed addresses (unless free mail or a carrier),
 * the domains it proved with a DNS TXT record, and the signed-in administrator's own address (for
 * test sends), whatever its domain. People, imports, test sends and (next) campaign dispatch all
 * ask this one policy.
 */
export class SendingDomainPolicy {
  constructor(private readonly repo: SendingDomainsRepository) {}

  /** The domains the tenant may send to (lower case). */
  async allowedDomains(tenantId: number): Promise<Set<string>> {
    const [admin, verified] = await Promise.all([this.adminDomains(tenantId), this.repo.verifiedDomains(tenantId)]);
    return new Set([...admin, ...verified]);
  }

  /** The domains of the administrators' confirmed addresses that count as the tenant's own (not free mail), first admin first. */
  async adminDomains(tenantId: number): Promise<string[]> {
    const domains = new Set<string>();
    for (const address of await this.repo.confirmedAdminAddresses(tenantId)) {
      const domain = toAsciiDomain(domainOf(address));
      if (domain && !isFreeMailDomain(domain)) domains.add(domain);
    }
    return [...domains];
  }

  /**
   * For each address the tenant may not send to, the Japanese reason (how to verify its domain).
   * `signedInAddress` (the administrator's own) is always allowed. Empty when all are allowed.
   */
  async refusals(tenantId: number, addresses: readonly string[], signedInAddress?: string): Promise<Map<string, string>> {
    const allowed = await this.allowedDomains(tenantId);
    const own = signedInAddress?.trim().toLowerCase();
    const refused = new Map<string, string>();
    for (const address of addresses) {
      if (own && address.trim().toLowerCase() === own) continue;
      const domain = domainOf(address);
      // Compared in the stored form (punycode), so 例え.jp matches a verified xn--r8jz45g.jp.
      if (!allowed.has(toAsciiDomain(domain))) refused.set(address, domainMessages.unverifiedDomain(domain));
    }
    return refused;
  }
}
