import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/common/training-routes';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, saveScreenshot } from './support/browser';
import { useE2EEnvironment, viewportName, type Viewport } from './support/e2e';
import { eventually } from './support/eventually';
import { DevMailboxReader } from './support/mail';
import { templateLibrary, templatePage } from './support/template-pages';
import { AccountApi } from './support/training-env';
import { horizontalOverflow, signInThroughForm } from './support/training-pages';

/**
 * A template's page previews the mail as one chosen employee would receive it: with nobody
 * registered it points to /users; with a person registered, choosing them puts their name in the
 * sandboxed preview document and in the To line.
 */
const port = await freePort();
const env = useE2EEnvironment({ PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, MAIL_WORKER: '1', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_ACCOUNT_MAIL: '1000', RATE_LIMIT_REGISTER: '1000' });
const accounts = new AccountApi(() => env.server.baseUrl, new DevMailboxReader(() => env.server.dataDir));

/** POST /api/users from the signed-in page, with the headers the app itself sends. */
async function registerPerson(page: Page, person: { name: string; email: string }): Promise<void> {
  const status = await page.evaluate(
    async ([key, body]) => {
      const response = await fetch('/api/users', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${window.localStorage.getItem(key) ?? ''}`,
          'x-csrf-token': document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '',
          'x-fingerprint': 'e2e-preview-person',
          'content-type': 'application/json',
        },
        body,
      });
      return response.status;
    },
    [AUTH_TOKEN_STORAGE_KEY, JSON.stringify(person)] as const,
  );
  expect(status).toBe(201);
}

async function check(page: Page, label: string, viewport: Viewport): Promise<void> {
  // Scroll first: the sandboxed preview frame paints in its own process, and the checks below
  // give it time to do so before the picture is taken.
  const picker = page.locator('.tpl-person-picker');
  await picker.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expectNoAxeViolations(page, `${label} (${viewportName(viewport)})`);
  expect(await horizontalOverflow(page)).toBe(0);
  await saveScreenshot(page, `template-preview-person-${label}-${viewportName(viewport)}`, { fullPage: false });
}

describe.each([PHONE, DESKTOP])('preview person at $width px', (viewport) => {
  it('previews a built-in as a registered person would receive it', async () => {
    const account = await accounts.newCorporateAccount(`tpl-person-${viewport.width}`);
    const { page } = await env.open(viewport);
    await signInThroughForm(page, account.email, account.password);
    await page.goto('/templates');
    const library = templateLibrary(page);
    // A built-in that greets the recipient by name in its body.
    const builtinName = '宅配便の住所不備（再配達手数料の支払い）';
    await library.keyword.fill('住所不備');
    await library.search.click();
    await library.card(builtinName).click();
    await page.getByRole('heading', { level: 1, name: builtinName }).waitFor();
    const detail = templatePage(page);
    await detail.frame.waitFor();

    // Nobody registered: a hint to /users instead of the picker.
    const hint = detail.preview.getByRole('link', { name: '受講者を登録する' });
    await hint.waitFor();
    expect(await hint.getAttribute('href')).toBe('/users');
    expect(await detail.preview.getByRole('combobox', { name: 'プレビューする受講者' }).count()).toBe(0);
    await check(page, 'empty', viewport);

    const domain = account.email.split('@')[1] ?? '';
    const person = { name: '佐々木 健太', email: `sasaki@${domain}` };
    await registerPerson(page, person);
    await page.reload();
    const picker = detail.preview.getByRole('combobox', { name: 'プレビューする受講者' });
    await picker.waitFor();
    expect(await picker.locator('option:checked').innerText()).toBe('サンプル（山田 太郎）');
    const body = page.frameLocator('.tpl-preview iframe').locator('body');
    await eventually(async () => (await body.innerText()).length, 10_000).toBeGreaterThan(20);

    // Keyboard: focus the select and choose the person.
    await picker.focus();
    await picker.selectOption({ label: `${person.name}（${person.email}）` });
    await eventually(async () => detail.preview.getByTestId('preview-to').innerText(), 10_000).toBe(`${person.name} <${person.email}>`);
    await eventually(async () => body.innerText().catch(() => ''), 10_000).toContain(person.name);
    expect(await body.innerText()).not.toContain('山田 太郎');
    await detail.preview.getByRole('status').filter({ hasText: `${person.name}さんに届く内容で表示しています` }).waitFor();
    await check(page, 'chosen', viewport);

    // Back to the samples.
    await picker.selectOption({ label: 'サンプル（山田 太郎）' });
    await eventually(async () => body.innerText().catch(() => ''), 10_000).toContain('山田 太郎');
  });
});
