import dns2 from 'dns2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domainMessages } from '../../../common/messages';
import { ConfigError, loadConfig } from '../../config';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { TestDnsServer } from '../../test/dns-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { SendingDomainPolicy } from './sending-domain-policy';
import { SendingDomainsRepository } from './sending-domains.repo';

/**
 * Sending domains (issue 10 part 2) against a real DNS server on loopback: the app's resolver asks
 * it over UDP through config DNS_SERVERS, as it would ask a real one. Nothing about the lookup is stubbed.
 */
describe('sending domains', () => {
  let context: TestContext;
  let dns: TestDnsServer;
  let admin: FactoryAccount;

  beforeAll(async () => {
    dns = await new TestDnsServer().start();
    context = await createTestApp({ DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await context.close();
    await dns.stop();
  });
  beforeEach(async () => {
    admin = await createAccount(context);
    dns.records.clear();
    dns.failWith = null;
  });

  const list = async (account = admin) => {
    const response = await callApi(context, { method: 'GET', url: '/api/sending-domains', token: account.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.domains as Array<Record<string, unknown> & { domain: string; domain_id: number | null }>;
  };
  const add = (domain: unknown, account = admin) => callApi(context, { method: 'POST', url: '/api/sending-domains', token: account.token, payload: { domain } });
  const verify = (id: number | string, account = admin) => callApi(context, { method: 'POST', url: `/api/sending-domains/${id}/verify`, token: account.token });
  const remove = (id: number | string, account = admin) => callApi(context, { method: 'DELETE', url: `/api/sending-domains/${id}`, token: account.token });
  const added = async (domain: string) => {
    const response = await add(domain);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { domain_id: number; domain: string; txt_record: { name: string; value: string } };
  };

  it('lists the administrator’s own domain first, marked as such, with nothing to prove or delete', async () => {
    expect(await list()).toEqual([
      { domain_id: null, domain: 'example.co.jp', display_domain: 'example.co.jp', source: 'admin_address', verified: true, txt_record: null, verified_at: null, last_checked_at: null },
    ]);
  });

  it('does not count a free-mail or carrier administrator address as a domain of the tenant', async () => {
    for (const email of [`boss-${Date.now()}@gmail.com`, `boss-${Date.now()}@Docomo.ne.jp`]) {
      const freeMailAdmin = await createAccount(context, { email });
      expect(await list(freeMailAdmin)).toEqual([]);
    }
  });

  it('adds a domain in its normalised form with its own TXT record, after the administrator’s domain', async () => {
    const domain = await added('  Sales.Example-Corp.JP.  ');
    expect(domain).toMatchObject({ domain: 'sales.example-corp.jp', display_domain: 'sales.example-corp.jp', source: 'dns_txt', verified: false, verified_at: null });
    expect(domain.txt_record.name).toBe('sales.example-corp.jp');
    expect(domain.txt_record.value).toMatch(/^kizuki-verification=[0-9a-f]{32}$/);
    const other = await added('example-group.com');
    expect(other.txt_record.value).not.toBe(domain.txt_record.value);
    expect((await list()).map((entry) => [entry.domain, entry.source])).toEqual([
      ['example.co.jp', 'admin_address'], ['sales.example-corp.jp', 'dns_txt'], ['example-group.com', 'dns_txt'],
    ]);
  });

  it('stores an internationalised domain in punycode and shows it in Japanese; full-width input is mapped', async () => {
    const idn = await added('例え.ＪＰ');
    expect(idn).toMatchObject({ domain: 'xn--r8jz45g.jp', display_domain: '例え.jp', txt_record: { name: 'xn--r8jz45g.jp' } });
    expect((await added('ｅｘａｍｐｌｅ-ｗｉｄｅ．ｃｏｍ')).domain).toBe('example-wide.com');
  });

  it('refuses an empty, malformed, free-mail or already added domain with a Japanese message under domain', async () => {
    const cases: Array<[unknown, string]> = [
      ['', domainMessages.domainRequired],
      ['   ', domainMessages.domainRequired],
      ['not a domain', domainMessages.domainInvalid],
      ['localhost', domainMessages.domainInvalid],
      ['192.168.0.1', domainMessages.domainInvalid],
      ['-bad.example.jp', domainMessages.domainInvalid],
      ['under_score.example.jp', domainMessages.domainInvalid],
      ['taro@example-mail.jp', domainMessages.domainInvalid],
      [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.jp`, domainMessages.domainTooLong],
      ['gmail.com', domainMessages.freeMailDomain],
      ['YAHOO.co.jp', domainMessages.freeMailDomain],
      ['mail.yahoo.co.jp', domainMessages.freeMailDomain],
      ['ezweb.ne.jp', domainMessages.freeMailDomain],
      ['Example.co.jp', domainMessages.adminDomain('example.co.jp')],
    ];
    for (const [domain, message] of cases) {
      const response = await add(domain);
      expect(response.statusCode, `${String(domain)}: ${response.body}`).toBe(422);
      expect(response.json(), String(domain)).toMatchObject({ success: false, message, errors: { domain: [message] } });
    }
    await added('example-dup.jp');
    const again = await add('EXAMPLE-DUP.jp');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.domain).toEqual([domainMessages.alreadyAdded('example-dup.jp')]);
    expect((await list()).filter((entry) => entry.domain === 'example-dup.jp')).toHaveLength(1);
    // A missing or non-text field is a validation error too, in Japanese.
    const missing = await callApi(context, { method: 'POST', url: '/api/sending-domains', token: admin.token, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.domain[0]).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('lets two tenants add the same domain, each with its own token (only one of them can publish the right record)', async () => {
    const other = await createAccount(context);
    const mine = await added('shared-name.example.jp');
    const response = await add('shared-name.example.jp', other);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.txt_record.value).not.toBe(mine.txt_record.value);
  });

  it('answers record not found, and records the check, while the TXT record is missing', async () => {
    const domain = await added('pending.example.jp');
    // The name exists but carries only other TXT records.
    dns.records.set('pending.example.jp', ['v=spf1 include:_spf.example.jp ~all']);
    const response = await verify(domain.domain_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      result: 'record_not_found', message: domainMessages.recordNotFound('pending.example.jp'),
      domain: { domain_id: domain.domain_id, verified: false, verified_at: null, last_checked_at: '2026-11-21T12:00:00.000+09:00' },
    });
    expect(dns.questions).toContain('pending.example.jp TXT');
    // No such name at all (NXDOMAIN) reads the same: the record is not there yet.
    const absent = await added('nxdomain.example.jp');
    expect((await verify(absent.domain_id)).json().data.result).toBe('record_not_found');
  });

  it('answers that the value differs when a kizuki-verification record holds another token', async () => {
    const domain = await added('typo.example.jp');
    dns.records.set('typo.example.jp', ['kizuki-verification=0123456789abcdef0123456789abcdef']);
    const response = await verify(domain.domain_id);
    expect(response.json().data).toMatchObject({
      result: 'value_mismatch',
      message: domainMessages.valueMismatch('typo.example.jp', 'kizuki-verification=0123456789abcdef0123456789abcdef'),
      domain: { verified: false },
    });
  });

  it('answers a DNS error when the resolver fails, without marking anything', async () => {
    const domain = await added('broken.example.jp');
    dns.records.set('broken.example.jp', [domain.txt_record.value]);
    dns.failWith = dns2.Packet.RCODE.SERVFAIL;
    const response = await verify(domain.domain_id);
    expect(response.json().data).toMatchObject({ result: 'dns_error', message: domainMessages.dnsError, domain: { verified: false } });
  });

  it('answers a DNS error when no DNS server answers at all', async () => {
    const silent = await new TestDnsServer().start();
    const address = silent.address;
    await silent.stop();
    const unreachable = await createTestApp({ DNS_SERVERS: address });
    try {
      const owner = await createAccount(unreachable);
      const domain = (await callApi(unreachable, { method: 'POST', url: '/api/sending-domains', token: owner.token, payload: { domain: 'nowhere.example.jp' } })).json().data;
      const response = await callApi(unreachable, { method: 'POST', url: `/api/sending-domains/${domain.domain_id}/verify`, token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ result: 'dns_error', message: domainMessages.dnsError, domain: { verified: false } });
    } finally {
      await unreachable.close();
    }
  });

  it('verifies the domain when the exact record is published among others, and keeps it verified', async () => {
    const domain = await added('proved.example.jp');
    dns.records.set('proved.example.jp', ['v=spf1 -all', domain.txt_record.value, 'google-site-verification=abc']);
    context.clock.advance(60_000);
    const response = await verify(domain.domain_id);
    expect(response.json().data).toMatchObject({
      result: 'verified', message: domainMessages.verified('proved.example.jp'),
      domain: { verified: true, verified_at: '2026-11-21T12:01:00.000+09:00' },
    });
    expect((await list()).find((entry) => entry.domain === 'proved.example.jp')).toMatchObject({ verified: true });
    // The proof stands when the record is later removed.
    dns.records.delete('proved.example.jp');
    const again = await verify(domain.domain_id);
    expect(again.json().data).toMatchObject({ result: 'verified', domain: { verified: true, verified_at: '2026-11-21T12:01:00.000+09:00' } });
  });

  it('reads a record longer than one DNS string (split into several) as one value', async () => {
    const domain = await added('long.example.jp');
    const token = domain.txt_record.value.slice('kizuki-verification='.length);
    dns.records.set('long.example.jp', [['kizuki-verification=', token.slice(0, 10), token.slice(10)], 'v=spf1 -all']);
    expect((await verify(domain.domain_id)).json().data.result).toBe('verified');
  });

  it('deletes an added domain; a missing or malformed id is 404', async () => {
    const domain = await added('gone.example.jp');
    const response = await remove(domain.domain_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.message).toBe(domainMessages.deleted('gone.example.jp'));
    expect((await list()).map((entry) => entry.domain)).not.toContain('gone.example.jp');
    for (const id of [domain.domain_id, 'abc', '0', '-1', '99999999999', '2147483648']) {
      for (const response of [await remove(id), await verify(id)]) {
        expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
        expect(response.json()).toEqual({ success: false, message: domainMessages.domainNotFound });
      }
    }
  });

  it('feeds the policy: people at a proved domain or the administrator’s domain are allowed, others refused with how to verify', async () => {
    const policy = new SendingDomainPolicy(new SendingDomainsRepository(context.database.db));
    const domain = await added('people.example.jp');
    const addresses = ['hanako@people.example.jp', 'jiro@example.co.jp', 'saburo@elsewhere.example.jp', 'IDN@例え.jp', admin.email.toUpperCase()];
    let refused = await policy.refusals(admin.tenantId!, addresses, admin.email);
    expect([...refused.keys()]).toEqual(['hanako@people.example.jp', 'saburo@elsewhere.example.jp', 'IDN@例え.jp']);
    expect(refused.get('hanako@people.example.jp')).toBe(domainMessages.unverifiedDomain('people.example.jp'));

    dns.records.set('people.example.jp', [domain.txt_record.value]);
    expect((await verify(domain.domain_id)).json().data.result).toBe('verified');
    const idn = await added('例え.jp');
    dns.records.set('xn--r8jz45g.jp', [idn.txt_record.value]);
    expect((await verify(idn.domain_id)).json().data.result).toBe('verified');
    refused = await policy.refusals(admin.tenantId!, addresses, admin.email);
    expect([...refused.keys()]).toEqual(['saburo@elsewhere.example.jp']);

    // Another tenant's proof is not this tenant's.
    const other = await createAccount(context, { email: `other-${Date.now()}@gmail.com` });
    expect([...(await policy.refusals(other.tenantId!, ['hanako@people.example.jp'])).keys()]).toEqual(['hanako@people.example.jp']);
  });
});

describe('config DNS_SERVERS', () => {
  it('reads comma-separated addresses with optional ports; unset means the system resolvers', () => {
    expect(loadConfig({}).dnsServers).toEqual([]);
    expect(loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,2001:db8::1' }).dnsServers).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2001:db8::1']);
  });

  it('refuses names and bad ports, naming the variable', () => {
    for (const value of ['dns.example.jp', '127.0.0.1:0', '127.0.0.1:70000', '[::1]:x', '1.2.3']) {
      expect(() => loadConfig({ DNS_SERVERS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ DNS_SERVERS: value }), value).toThrow(/DNS_SERVERS/);
    }
  });
});
