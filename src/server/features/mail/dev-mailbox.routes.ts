import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatReportDateTime } from '../../../common/date-format';
import { AppError } from '../../errors';
import { html, type SafeHtml } from '../../lib/html';
import { renderHostPage } from '../pages/host-page';
import { contentSecurityPolicy } from '../../plugins/security-headers.plugin';
import type { WebAssets } from '../pages/web-assets';
import type { DevMailbox, DevMailboxEntry } from './mail-transport';

interface DevMailboxDeps {
  mailbox: DevMailbox;
  assets: () => WebAssets;
  appUrl: string;
  /** Training mail's links and open pixel live here (TRACKING_URL, else APP_URL). */
  trackingUrl: string;
}

const STYLE = html`<style>
.dev-mailbox { max-width: 1000px; margin: 0 auto; padding: 0 var(--space-3, 1rem) 3rem; }
.dev-mailbox h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
.dev-mailbox__notice { margin: 0 0 1.25rem; padding: 0.6rem 0.8rem; border-radius: 6px; background: #fff4d6; color: #5c4300; font-size: 0.9rem; }
.dev-mailbox__list { list-style: none; margin: 0; padding: 0; border-top: 1px solid #d9dee5; }
.dev-mailbox__item a { display: grid; grid-template-columns: 11rem 16rem 1fr; gap: 0.25rem 1rem; padding: 0.75rem 0.5rem; border-bottom: 1px solid #d9dee5; color: inherit; text-decoration: none; }
.dev-mailbox__item a:hover, .dev-mailbox__item a:focus-visible { background: #f0f5fc; }
.dev-mailbox__time { color: #555; font-variant-numeric: tabular-nums; }
.dev-mailbox__to { overflow-wrap: anywhere; }
.dev-mailbox__subject { font-weight: 600; overflow-wrap: anywhere; }
.dev-mailbox__empty { padding: 1.5rem 0.5rem; color: #555; }
.dev-mailbox__headers { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1rem; margin: 0 0 1.5rem; }
.dev-mailbox__headers dt { font-weight: 600; color: #444; }
.dev-mailbox__headers dd { margin: 0; overflow-wrap: anywhere; }
.dev-mailbox__frame { width: 100%; height: 32rem; border: 1px solid #d9dee5; border-radius: 6px; background: #fff; }
.dev-mailbox__text { white-space: pre-wrap; overflow-wrap: anywhere; padding: 1rem; border: 1px solid #d9dee5; border-radius: 6px; background: #f8f9fb; font-size: 0.9rem; }
.dev-mailbox h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
@media (max-width: 640px) {
  .dev-mailbox__item a { grid-template-columns: 1fr; }
  .dev-mailbox__headers { grid-template-columns: 1fr; }
  .dev-mailbox__headers dd { margin-bottom: 0.4rem; }
  .dev-mailbox__frame { height: 26rem; }
}
</style>`;

const NOTICE = 'このページは開発環境でのみ表示されます。SMTP_URL が設定されていないため、送信されるメールはここに保存されます。';

/**
 * The development mailbox, registered only when it is the transport (SMTP_URL unset, not
 * production): a list newest first and a message view. The HTML part is shown in a sandboxed
 * iframe (`srcdoc`, no scripts, no same origin), under this page's CSP; its links open in a new
 * tab (popups that leave the sandbox), as a mail client opens them.
 */
export function registerDevMailboxRoutes(app: FastifyInstance, { mailbox, assets, appUrl, trackingUrl }: DevMailboxDeps): void {
  const ownOrigins = [...new Set([new URL(appUrl).origin, new URL(trackingUrl).origin])];
  const send = (request: FastifyRequest, reply: FastifyReply, title: string, path: string, body: SafeHtml) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Development only: the mail's HTML uses style="" attributes (mail clients need them), and a srcdoc
      // iframe inherits this page's CSP, so these two pages, and no other, allow inline styles.
      // The open pixel of a training mail loads from the tracking origin, as it would in a mail client.
      .header('content-security-policy', contentSecurityPolicy({ inlineStyles: true, imageSources: ownOrigins }))
      .send(
        renderHostPage(assets(), { csrfToken, appUrl }, {
          title: `${title}｜キヅキ Kizuki（開発用）`,
          description: NOTICE,
          path,
          noindex: true,
          lazyModules: [],
          body: html`${STYLE}<div class="dev-mailbox">${body}</div>`,
        }),
      );
  };

  app.get('/dev/mailbox', async (request, reply) => {
    const entries = await mailbox.list();
    return send(request, reply, '開発用メールボックス', '/dev/mailbox', html`<h1>開発用メールボックス</h1>
<p class="dev-mailbox__notice">${NOTICE}</p>
<p>${entries.length} 件（新しい順）</p>
${entries.length === 0
  ? html`<p class="dev-mailbox__empty">まだメールはありません。</p>`
  : html`<ul class="dev-mailbox__list">${entries.map((entry) => listItem(entry))}</ul>`}`);
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const entry = await mailbox.get(request.params.id);
    if (!entry) throw new AppError('NOT_FOUND', 'メールが見つかりません');
    return send(request, reply, entry.subject, `/dev/mailbox/${entry.id}`, html`<p><a href="/dev/mailbox">← 一覧へ戻る</a></p>
<h1>${entry.subject}</h1>
<p class="dev-mailbox__notice">${NOTICE}</p>
<dl class="dev-mailbox__headers">
  <dt>差出人 (From)</dt><dd>${entry.from}</dd>
  <dt>宛先 (To)</dt><dd>${entry.to}</dd>
  <dt>件名 (Subject)</dt><dd>${entry.subject}</dd>
  <dt>日時</dt><dd><time datetime="${entry.storedAt}">${formatReportDateTime(entry.storedAt)}</time></dd>
  <dt>Message-ID</dt><dd>${entry.messageId}</dd>
  ${Object.entries(entry.headers).map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}
</dl>
<h2>HTML 本文</h2>
<iframe class="dev-mailbox__frame" title="HTML 本文" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${`<base target="_blank">${entry.html}`}"></iframe>
<h2>テキスト本文</h2>
<pre class="dev-mailbox__text">${linkOwnUrls(entry.text, ownOrigins)}</pre>
<p><a href="/dev/mailbox/${entry.id}/raw">元のメール（.eml）を表示</a></p>`);
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/raw', async (request, reply) => {
    const raw = await mailbox.raw(request.params.id);
    if (!raw) throw new AppError('NOT_FOUND', 'メールが見つかりません');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(raw);
  });
}

/**
 * The text part with links to our own origins clickable (opened in a new tab, as a mail client
 * would), so a developer can follow a training mail's link; any other text stays plain.
 */
function linkOwnUrls(text: string, origins: readonly string[]): SafeHtml[] {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'）」]+/g)) {
    const url = match[0];
    if (!origins.some((origin) => url === origin || url.startsWith(`${origin}/`))) continue;
    parts.push(html`${text.slice(last, match.index)}`, html`<a href="${url}" target="_blank" rel="noopener">${url}</a>`);
    last = match.index + url.length;
  }
  parts.push(html`${text.slice(last)}`);
  return parts;
}

function listItem(entry: DevMailboxEntry): SafeHtml {
  return html`<li class="dev-mailbox__item"><a href="/dev/mailbox/${entry.id}">
<span class="dev-mailbox__time"><time datetime="${entry.storedAt}">${formatReportDateTime(entry.storedAt)}</time></span>
<span class="dev-mailbox__to">${entry.to}</span>
<span class="dev-mailbox__subject">${entry.subject}</span>
</a></li>`;
}
