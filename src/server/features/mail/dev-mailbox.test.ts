import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { decodeHeader, parseRawMail } from '../../test/smtp-test-server';
import { MailOutboxRepository } from './mail-outbox.repo';

/** Without SMTP_URL (and not in production) mail goes to files under $DATA_DIR/dev-mailbox/. */
describe('development mailbox', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    await context.database.db.deleteFrom('mail_outbox').execute();
  });
  afterAll(() => context.close());

  it('stores a sent message and lists and shows it at /dev/mailbox', async () => {
    const id = await context.app.mail.send({
      to: 'taro@example.jp',
      subject: '【キヅキ】ご登録ありがとうございます <script>',
      text: 'テキスト本文です。',
      html: '<p>HTML 本文です。</p><script>alert(1)</script>',
      unsubscribeUrl: 'https://kizuki.example/unsubscribe?t=1',
    });
    await context.app.mail.worker.drain();
    const row = await new MailOutboxRepository(context.database.db).findById(id);
    expect(row?.status).toBe('sent');

    const folder = path.join(context.dataDir, 'dev-mailbox');
    const files = fs.readdirSync(folder).sort();
    expect(files.map((file) => path.extname(file))).toEqual(['.eml', '.json']);
    const eml = fs.readFileSync(path.join(folder, files[0]!), 'utf8');
    expect(decodeHeader(parseRawMail(eml).headers.get('subject')!)).toBe('【キヅキ】ご登録ありがとうございます <script>');
    expect(parseRawMail(eml).headers.get('list-unsubscribe')).toBe('<https://kizuki.example/unsubscribe?t=1>');

    const list = await context.app.inject({ url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('開発用メールボックス');
    expect(list.body).toContain('このページは開発環境でのみ表示されます');
    expect(list.body).toContain('taro@example.jp');
    expect(list.body).toContain('【キヅキ】ご登録ありがとうございます &lt;script&gt;');
    expect(list.body).not.toContain('ありがとうございます <script>');
    const messageId = files[0]!.replace(/\.eml$/, '');
    expect(list.body).toContain(`href="/dev/mailbox/${messageId}"`);

    const view = await context.app.inject({ url: `/dev/mailbox/${messageId}`, headers: { accept: 'text/html' } });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('テキスト本文です。');
    expect(view.body).toContain('キヅキ &lt;no-reply@kizuki.example&gt;');
    expect(view.body).toContain('List-Unsubscribe');
    // The HTML part only inside a sandboxed iframe (no scripts, no same origin; links may open a new
    // tab, as in a mail client), escaped into srcdoc; the page's CSP forbids inline scripts anyway.
    expect(view.body).toContain('<iframe class="dev-mailbox__frame" title="HTML 本文" sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(view.body).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(view.body).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;HTML 本文です。&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(view.body).not.toContain('<script>alert(1)</script>');
    expect(view.headers['content-security-policy']).toContain("script-src 'self'");

    const raw = await context.app.inject({ url: `/dev/mailbox/${messageId}/raw` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('List-Unsubscribe:');
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await context.app.inject({ url: '/dev/mailbox/1763694000000-deadbeef', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await context.app.inject({ url: '/dev/mailbox/..%2F..%2Fetc', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('is not registered when SMTP_URL is set', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const response = await withSmtp.app.inject({ url: '/dev/mailbox', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });

  it('links our own URLs in the text part (a training mail’s link can be followed), leaves others plain, and lets the open pixel load', async () => {
    const own = `${context.config.appUrl}/t/c/abcdefghijklmnopqrstuv`;
    await context.app.mail.send({ to: 'hanako@example.jp', subject: 'リンクの確認', text: `こちら: ${own}\n外部: https://evil.example/x?a=<b>`, html: '<p>本文</p>' });
    await context.app.mail.worker.drain();
    const entry = (await context.app.inject({ url: '/dev/mailbox', headers: { accept: 'text/html' } })).body.match(/href="\/dev\/mailbox\/([0-9a-f-]+)"/g)!;
    const views = await Promise.all(entry.map((href) => context.app.inject({ url: href.slice(6, -1), headers: { accept: 'text/html' } })));
    const view = views.find((candidate) => candidate.body.includes('リンクの確認'))!;
    expect(view.body).toContain(`<a href="${own}" target="_blank" rel="noopener">${own}</a>`);
    expect(view.body).not.toContain('href="https://evil.example');
    expect(view.body).toContain('https://evil.example/x?a=&lt;b&gt;');
    expect(view.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${new URL(context.config.appUrl).origin}`);
  });
});
