import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { domainMessages as m } from '../../src/common/messages';
import { TestDnsServer } from '../../src/server/test/dns-test-server';
import { checkScreen } from './support/axe';
import { DESKTOP, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { useTrainingEnvironment } from './support/training-env';
import { fieldError, horizontalOverflow, signInThroughForm } from './support/training-pages';

/**
 * Issue 10 part 2 in the browser: on /account an administrator adds a domain, reads the exact TXT
 * record, publishes it (on a real DNS server on loopback that the app asks through DNS_SERVERS),
 * presses 確認する and sees the domain verified; then deletes it after confirming.
 */
const dns = await new TestDnsServer().start();
// Registered before the server's hooks: after-hooks run in reverse, so the server stops first.
afterAll(() => dns.stop());
const { env, accounts } = await useTrainingEnvironment({ DNS_SERVERS: dns.address });

function domainsSection(page: Page) {
  const section = page.locator('#sending-domains');
  return {
    section,
    heading: section.getByRole('heading', { name: '送信先ドメイン', level: 2 }),
    item: (domain: string) => section.getByRole('listitem').filter({ has: page.locator('.sd-item__domain', { hasText: domain }) }),
    domainField: section.getByLabel('ドメイン'),
    addButton: section.getByRole('button', { name: '追加する' }),
    notice: section.locator('.alert--success').first(),
  };
}

describe.each([
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
])('sending domains at $name', ({ name, viewport }) => {
  it('adds a domain, shows its TXT record, verifies it against DNS and deletes it', async () => {
    const account = await accounts.newCorporateAccount(`domains${viewport.width}`);
    const { page } = await env.open(viewport, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signInThroughForm(page, account.email, account.password);
    await page.goto('/account#sending-domains');
    const ui = domainsSection(page);
    await ui.heading.waitFor();
    // The link's fragment brings the section into view once the lazily loaded screen is there.
    await expect.poll(() => ui.heading.evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(viewport.height / 2);

    // The administrator's own domain comes first, verified and marked as such, with nothing to delete.
    const own = ui.item('example.co.jp');
    await expect.poll(() => own.textContent()).toContain('確認済み');
    expect(await own.textContent()).toContain('管理者のドメイン');
    expect(await own.getByRole('button').count()).toBe(0);

    // A free-mail domain is refused under the field.
    await ui.domainField.fill('gmail.com');
    await ui.addButton.click();
    await expect.poll(() => fieldError(ui.domainField)).toBe(m.freeMailDomain);
    await ui.section.scrollIntoViewIfNeeded();
    await checkScreen(page, `sending-domains-refused-${name}`);

    // Typed loosely: the server stores it lower-case.
    const domain = `training${viewport.width}.example-corp.jp`;
    const escaped = domain.replace(/\./g, '\\.');
    await ui.domainField.fill(`  Training${viewport.width}.Example-Corp.JP `);
    await ui.addButton.click();
    await expect.poll(() => ui.notice.textContent()).toContain(m.added(domain));
    await expect.poll(() => ui.domainField.inputValue()).toBe('');
    const item = ui.item(domain);
    await expect.poll(() => item.textContent()).toContain('未確認');
    const record = await item.locator('.sd-record__row').evaluateAll((rows) =>
      Object.fromEntries(rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('code')?.textContent ?? ''])),
    );
    expect(record['ホスト名']).toBe(domain);
    expect(record['種類']).toBe('TXT');
    expect(record['値']).toMatch(/^kizuki-verification=[0-9a-f]{32}$/);
    const value = record['値']!;
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `sending-domains-unverified-${name}`, { fullPage: true });

    // The copy button puts the exact value on the clipboard.
    await item.getByRole('button', { name: /^コピー\s*（値）$/ }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);

    // Before the record is published, the check says so.
    const check = item.getByRole('button', { name: new RegExp(`^確認する\\s*（${escaped}）$`) });
    await check.click();
    await expect.poll(() => item.locator('.alert').textContent()).toContain(m.recordNotFound(domain));
    await expect.poll(() => item.textContent()).toContain('未確認');

    // Published on the DNS server the app asks: verified.
    dns.records.set(domain, ['v=spf1 -all', value]);
    await check.click();
    await expect.poll(() => item.locator('.alert--success').textContent()).toContain(m.verified(domain));
    // The check's own answer and the list's cached copy of the domain reach the screen separately.
    await expect.poll(() => item.textContent()).toContain('確認済み');
    await expect.poll(() => item.locator('.sd-record').count()).toBe(0);
    expect(dns.questions).toContain(`${domain} TXT`);
    await checkScreen(page, `sending-domains-verified-${name}`, { fullPage: true });

    // Still verified after a reload (stored, not only shown).
    await page.reload();
    await ui.heading.waitFor();
    await expect.poll(() => ui.item(domain).textContent()).toContain('確認済み');

    // Deleting asks first; cancelling keeps it.
    await ui.item(domain).getByRole('button', { name: new RegExp(`^削除\\s*（${escaped}）$`) }).click();
    const dialog = page.getByRole('dialog', { name: `${domain} を削除しますか？` });
    await dialog.waitFor();
    await checkScreen(page, `sending-domains-delete-${name}`);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ui.item(domain).count()).toBe(1);
    await ui.item(domain).getByRole('button', { name: new RegExp(`^削除\\s*（${escaped}）$`) }).click();
    await dialog.getByRole('button', { name: '削除する' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => ui.notice.textContent()).toContain(m.deleted(domain));
    // The notice is React state; the list follows when React Query delivers its updated cache (a tick later).
    await expect.poll(() => ui.item(domain).count()).toBe(0);
    expect(await ui.item('example.co.jp').count()).toBe(1);
  });
});
