import type { FastifyInstance } from 'fastify';
import { commonMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { html } from '../../lib/html';
import { renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/** Unknown API paths answer JSON 404; unknown pages answer a Japanese 404 page with a way back. */
export function registerNotFoundPage(app: FastifyInstance, deps: { assets: () => WebAssets; appUrl: string }): void {
  app.setNotFoundHandler(async (request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !acceptsHtml) {
      throw new AppError('NOT_FOUND', commonMessages.notFound);
    }
    const csrfToken = app.issueCsrfToken(request, reply);
    const page = renderHostPage(deps.assets(), { csrfToken, appUrl: deps.appUrl }, {
      title: 'ページが見つかりません｜キヅキ Kizuki',
      description: commonMessages.notFound,
      path: request.url,
      noindex: true,
      lazyModules: [],
      body: html`<article class="ssr-report"><h1>ページが見つかりません</h1>
<p>${commonMessages.notFound}</p><p><a href="/phishing-reports">Kizuki DB（報告一覧）へ</a></p></article>`,
    });
    return reply.status(404).type('text/html; charset=utf-8').send(page);
  });
}
