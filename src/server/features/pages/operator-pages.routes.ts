import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operatorPaths } from '../../../common/operator-paths';
import { html } from '../../lib/html';
import { renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/** The operator console's single-page app, mounted by every operator page's container. */
export const OPERATOR_PAGE_MODULES = ['src/web/operators/mount.tsx'];

/** Each page's title (the app sets the same one as it routes). */
const OPERATOR_PAGES: ReadonlyArray<{ pattern: string; title: string }> = [
  { pattern: operatorPaths.login, title: 'ログイン' },
  { pattern: operatorPaths.setup, title: 'パスワードの設定' },
  { pattern: operatorPaths.reports, title: '報告の管理' },
  { pattern: operatorPaths.report, title: '報告の詳細' },
  { pattern: operatorPaths.auditLog, title: '操作履歴' },
  { pattern: operatorPaths.tenants, title: '企業アカウント' },
];

const DESCRIPTION = 'キヅキ運営コンソール（運営者専用）';
const NOSCRIPT = html`<noscript><p class="noscript-message">この画面を利用するには、ブラウザのJavaScriptを有効にしてください。</p></noscript>`;

interface OperatorPageDeps {
  assets: () => WebAssets;
  appUrl: string;
}

/**
 * The operator console's host pages: never indexed, never cached, and the setup page's one-time
 * token is left out of every URL the page itself names (og:url).
 */
export function registerOperatorPages(app: FastifyInstance, { assets, appUrl }: OperatorPageDeps): void {
  const send = (request: FastifyRequest, reply: FastifyReply, page: { title: string; path: string }) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(
        renderHostPage(assets(), { csrfToken, appUrl }, {
          title: `${page.title}｜キヅキ運営コンソール`,
          description: DESCRIPTION,
          path: page.path,
          noindex: true,
          frame: 'operator',
          lazyModules: OPERATOR_PAGE_MODULES,
          body: html`<div id="operator-app">${NOSCRIPT}</div>`,
        }),
      );
  };

  app.get('/operator', async (_request, reply) => reply.redirect(operatorPaths.reports));
  for (const { pattern, title } of OPERATOR_PAGES) {
    app.get(pattern, async (request, reply) => {
      // The setup link's one-time token must not be repeated in the page (og:url).
      const path = pattern === operatorPaths.setup ? '/operator/setup' : (request.url.split('?')[0] ?? pattern);
      return send(request, reply, { title, path });
    });
  }
}
