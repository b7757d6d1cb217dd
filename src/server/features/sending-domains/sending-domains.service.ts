import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { domainMessages } from '../../../common/messages';
import { DOMAIN_VERIFICATION_PREFIX, type SendingDomain, type SendingDomainCheck } from '../../../common/sending-domains.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { toJstIsoString } from '../../lib/time-format';
import { DnsTxtLookup } from './dns-txt-lookup';
import { parseSendingDomain } from './domain-name';
import { SendingDomainPolicy } from './sending-domain-policy';
import type { SendingDomainsRepository, StoredSendingDomain } from './sending-domains.repo';

/** A found record is quoted in the mismatch message; a long one is cut so the message stays readable. */
const QUOTED_RECORD_MAX = 80;

const notFound = () => new AppError('NOT_FOUND', domainMessages.domainNotFound);

function present(row: StoredSendingDomain): SendingDomain {
  return {
    domain_id: row.id,
    domain: row.domain,
    display_domain: domainToUnicode(row.domain) || row.domain,
    source: 'dns_txt',
    verified: row.verifiedAt !== null,
    // At the domain itself (its apex): the name a DNS panel may also call "@".
    txt_record: { name: row.domain, value: `${DOMAIN_VERIFICATION_PREFIX}${row.verificationToken}` },
    verified_at: row.verifiedAt && toJstIsoString(row.verifiedAt),
    last_checked_at: row.lastCheckedAt && toJstIsoString(row.lastCheckedAt),
  };
}

function presentAdminDomain(domain: string): SendingDomain {
  return {
    domain_id: null, domain, display_domain: domainToUnicode(domain) || domain, source: 'admin_address', verified: true,
    txt_record: null, verified_at: null, last_checked_at: null,
  };
}

/**
 * Sending domains (issue 10 part 2): the tenant's list (its administrators' own domains first),
 * adding a domain with its verification token, proving it by a DNS TXT lookup, and deleting it.
 */
export class SendingDomainsService {
  constructor(private readonly deps: { repo: SendingDomainsRepository; policy: SendingDomainPolicy; lookup: DnsTxtLookup; clock: Clock }) {}

  /** The service with the policy over the same repository and a resolver asking `dnsServers` (config DNS_SERVERS). */
  static create({ repo, clock, dnsServers }: { repo: SendingDomainsRepository; clock: Clock; dnsServers: readonly string[] }): SendingDomainsService {
    return new SendingDomainsService({ repo, policy: new SendingDomainPolicy(repo), lookup: new DnsTxtLookup(dnsServers), clock });
  }

  async list(tenantId: number): Promise<SendingDomain[]> {
    const [adminDomains, rows] = await Promise.all([this.deps.policy.adminDomains(tenantId), this.deps.repo.list(tenantId)]);
    return [...adminDomains.map(presentAdminDomain), ...rows.map(present)];
  }

  async add(tenantId: number, input: string): Promise<SendingDomain> {
    const parsed = parseSendingDomain(input);
    if ('error' in parsed) throw AppError.validation({ domain: [parsed.error] });
    const { domain } = parsed;
    if ((await this.deps.policy.adminDomains(tenantId)).includes(domain)) {
      throw AppError.validation({ domain: [domainMessages.adminDomain(domainToUnicode(domain) || domain)] });
    }
    const row = await this.deps.repo.insert(tenantId, { domain, verificationToken: randomBytes(16).toString('hex'), now: this.deps.clock.now() });
    if (!row) throw AppError.validation({ domain: [domainMessages.alreadyAdded(domainToUnicode(domain) || domain)] });
    return present(row);
  }

  /** Looks the domain's TXT records up and records the check; the answer says why it is not proved yet. */
  async verify(tenantId: number, domainId: number): Promise<SendingDomainCheck> {
    const row = await this.deps.repo.find(tenantId, domainId);
    if (!row) throw notFound();
    const shown = domainToUnicode(row.domain) || row.domain;
    // Once proved, a domain stays proved (as the policy reads it); a repeated click does not ask DNS again.
    if (row.verifiedAt) return { result: 'verified', message: domainMessages.alreadyVerified(shown), domain: present(row) };

    const expected = `${DOMAIN_VERIFICATION_PREFIX}${row.verificationToken}`;
    const answer = await this.deps.lookup.txt(row.domain);
    let check: Pick<SendingDomainCheck, 'result' | 'message'>;
    if (answer.kind === 'error') {
      check = { result: 'dns_error', message: domainMessages.dnsError };
    } else {
      const records = answer.kind === 'records' ? answer.records.map((record) => record.trim()) : [];
      const ours = records.filter((record) => record.toLowerCase().startsWith(DOMAIN_VERIFICATION_PREFIX));
      if (ours.includes(expected)) check = { result: 'verified', message: domainMessages.verified(shown) };
      else if (ours.length > 0) check = { result: 'value_mismatch', message: domainMessages.valueMismatch(shown, quote(ours[0]!)) };
      else check = { result: 'record_not_found', message: domainMessages.recordNotFound(shown) };
    }
    const updated = await this.deps.repo.recordCheck(tenantId, domainId, { now: this.deps.clock.now(), verified: check.result === 'verified' });
    if (!updated) throw notFound();
    return { ...check, domain: present(updated) };
  }

  /** Deletes an added domain; people at it stay registered but are no longer sent to. Returns the message. */
  async delete(tenantId: number, domainId: number): Promise<string> {
    const domain = await this.deps.repo.delete(tenantId, domainId);
    if (domain === undefined) throw notFound();
    return domainMessages.deleted(domainToUnicode(domain) || domain);
  }
}

function quote(record: string): string {
  return record.length > QUOTED_RECORD_MAX ? `${record.slice(0, QUOTED_RECORD_MAX)}…` : record;
}
