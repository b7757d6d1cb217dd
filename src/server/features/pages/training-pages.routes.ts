import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SPA_ROUTE_PATTERNS, SPA_ROUTE_TITLES, trainingPaths } from '../../../common/training-routes';
import { html, type SafeHtml } from '../../lib/html';
import { type HostPageContent, renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/** The lazily imported web modules each training container mounts (preloaded beside the entry). */
export const TRAINING_PAGE_MODULES = {
  register: ['src/web/corporate-registration/register/mount.tsx'],
  accountInfo: ['src/web/corporate-registration/account-info/mount.tsx'],
  registrationComplete: ['src/web/corporate-registration/complete/mount.tsx'],
  app: ['src/web/training-app/mount.tsx'],
};

/** Only the entry points a newcomer should find through a search engine are indexed. */
const INDEXED_PATHS: ReadonlySet<string> = new Set([trainingPaths.register, trainingPaths.login]);

const TRAINING_DESCRIPTION =
  'キヅキは、模擬フィッシングメールによる訓練で、従業員がフィッシング詐欺に「気づく」力を育てる法人向けセキュリティ訓練サービスです。';
const REGISTER_DESCRIPTION =
  '法人向けフィッシング対策訓練サービス「キヅキ」の無料アカウント登録。メールアドレスを入力し、届いた確認メールのリンクから登録を完了できます。フリープランはクレジットカードの登録が不要です。';

const NOSCRIPT = html`<noscript><p class="noscript-message">この画面を利用するには、ブラウザのJavaScriptを有効にしてください。</p></noscript>`;

const title = (name: string) => `${name}｜キヅキ`;

interface TrainingPageDeps {
  assets: () => WebAssets;
  appUrl: string;
}

type Query = Record<string, string | string[] | undefined>;

/** A query value as the page will show it: a single string, or empty (a repeated or missing key). */
const queryText = (query: Query, key: string): string => {
  const value = query[key];
  return typeof value === 'string' ? value : '';
};

/**
 * The corporate registration pages, every route of the training single-page app (SPEC §2.1,
 * §2.2, §2.9), and the site root. Each answers a host page whose container the client mounts.
 */
export function registerTrainingPages(app: FastifyInstance, { assets, appUrl }: TrainingPageDeps): void {
  const send = (request: FastifyRequest, reply: FastifyReply, page: Omit<HostPageContent, 'frame' | 'noindex' | 'path'>) => {
    // The path without its query: the account-info link carries a single-use token that must not reach og:url.
    const path = request.url.split('?')[0] ?? '/';
    const csrfToken = app.issueCsrfToken(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderHostPage(assets(), { csrfToken, appUrl }, { ...page, path, frame: 'training', noindex: !INDEXED_PATHS.has(path) }));
  };
  const container = (attributes: SafeHtml) => html`<div ${attributes}>${NOSCRIPT}</div>`;

  app.get('/', async (_request, reply) => reply.redirect(trainingPaths.login));

  app.get(trainingPaths.register, async (request, reply) =>
    send(request, reply, {
      title: title('法人アカウント登録'),
      description: REGISTER_DESCRIPTION,
      lazyModules: TRAINING_PAGE_MODULES.register,
      body: container(html`id="corporate-register-app"`),
    }),
  );

  app.get<{ Querystring: Query }>(trainingPaths.accountInfo, async (request, reply) =>
    send(request, reply, {
      title: title('アカウント情報の入力'),
      description: TRAINING_DESCRIPTION,
      lazyModules: TRAINING_PAGE_MODULES.accountInfo,
      // An empty token reaches the client too: it then shows the invalid-link message (SPEC §2.2 step 3).
      body: container(
        html`id="corporate-account-info-app" data-token="${queryText(request.query, 'token')}" data-email="${queryText(request.query, 'email')}"`,
      ),
    }),
  );

  app.get<{ Querystring: Query }>(trainingPaths.registrationComplete, async (request, reply) =>
    send(request, reply, {
      title: title('法人アカウント登録完了'),
      description: TRAINING_DESCRIPTION,
      lazyModules: TRAINING_PAGE_MODULES.registrationComplete,
      body: container(
        html`id="corporate-registration-complete-app" data-email="${queryText(request.query, 'email')}" data-organization-name="${queryText(request.query, 'organization_name')}"`,
      ),
    }),
  );

  for (const pattern of SPA_ROUTE_PATTERNS) {
    app.get(pattern, async (request, reply) =>
      send(request, reply, {
        title: title(SPA_ROUTE_TITLES[pattern]),
        description: TRAINING_DESCRIPTION,
        lazyModules: TRAINING_PAGE_MODULES.app,
        body: container(html`id="app"`),
      }),
    );
  }
}
