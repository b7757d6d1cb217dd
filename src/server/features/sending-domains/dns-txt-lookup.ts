import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records (each one's strings joined), none at all, or a failure of DNS itself. */
export type TxtAnswer = { kind: 'records'; records: string[] } | { kind: 'none' } | { kind: 'error'; code: string };

/** "No such name" and "no TXT at that name" both mean the record is not there (yet). */
const ABSENT_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * TXT lookups for sending-domain verification through node:dns, asking the servers of config
 * `DNS_SERVERS` (the system's resolvers when empty). A real resolver in tests too: they point it
 * at a DNS server on loopback (src/server/test/dns-test-server.ts).
 */
export class DnsTxtLookup {
  private readonly resolver: Resolver;

  constructor(servers: readonly string[], { timeoutMs = 2000, tries = 2 }: { timeoutMs?: number; tries?: number } = {}) {
    this.resolver = new Resolver({ timeout: timeoutMs, tries });
    if (servers.length > 0) this.resolver.setServers([...servers]);
  }

  async txt(domain: string): Promise<TxtAnswer> {
    try {
      // A long record arrives as several character-strings; their concatenation is the value (RFC 7208 §3.3).
      const records = (await this.resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
      return records.length > 0 ? { kind: 'records', records } : { kind: 'none' };
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? 'UNKNOWN');
      return ABSENT_CODES.has(code) ? { kind: 'none' } : { kind: 'error', code };
    }
  }
}
