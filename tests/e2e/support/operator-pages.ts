import { spawn } from 'node:child_process';
import path from 'node:path';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkScreen } from './axe';
import type { E2EEnvironment, Viewport } from './e2e';
import { horizontalOverflow, pathOf, waitForPath } from './training-pages';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The real CLI (`npm run operator:create -- --email …`) against the test server's database: the
 * server keeps its SQLite file in DATA_DIR, so the CLI is pointed at the same folder. Returns the
 * printed one-time link's path.
 */
export async function createOperatorWithCli(env: E2EEnvironment, email: string): Promise<string> {
  const child = spawn('npm', ['run', '--silent', 'operator:create', '--', '--email', email], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: env.server.dataDir, DATABASE_URL: '', APP_URL: env.server.baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  const link = /https?:\/\/\S+\/operator\/setup\/[A-Za-z0-9_-]+/.exec(output)?.[0];
  if (!link) throw new Error(`the CLI printed no setup link:\n${output}`);
  return new URL(link).pathname;
}

/** The code an authenticator app shows now (or `steps` periods later: each code is accepted once). */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: secret.replace(/\s+/g, ''), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A form control by its label, which ends with the 必須/任意 badge. */
export const field = (scope: Pick<Page, 'getByLabel'>, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}\\s*(必須|任意)$`));

/** A screen as the operator sees it: axe clean, no sideways scroll, screenshot saved. */
export async function look(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  expect(await horizontalOverflow(page), `sideways scroll on ${pathOf(page)}`).toBeLessThanOrEqual(0);
  await checkScreen(page, name, options);
}

/** Step one of the login: e-mail and password, then 次へ. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'メールアドレス').fill(email);
  await field(page, 'パスワード').fill(password);
  await page.getByRole('button', { name: '次へ' }).click();
}

/**
 * A new operator through the screens, the short way: the CLI's link, a password, the first login
 * with the TOTP set-up. Answers the page, signed in on /operator/reports. (operator-console.e2e.test.ts
 * walks the same path with its wrong turns and screenshots.)
 */
export async function newSignedInOperator(env: E2EEnvironment, viewport: Viewport, email: string, password: string): Promise<Page> {
  const setupPath = await createOperatorWithCli(env, email);
  const { page } = await env.open(viewport);
  await page.goto(setupPath);
  await field(page, 'パスワード').fill(password);
  await field(page, 'パスワード（確認）').fill(password);
  await page.getByRole('button', { name: 'パスワードを設定' }).click();
  await waitForPath(page, '/operator/login');
  await signIn(page, email, password);
  await page.getByRole('heading', { name: '二段階認証の設定', level: 1 }).waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  await field(page, '確認コード（6桁）').fill(totpCode(secret));
  await page.getByRole('button', { name: '設定してログイン' }).click();
  await waitForPath(page, '/operator/reports');
  return page;
}
