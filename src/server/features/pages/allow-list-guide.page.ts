import { TRACKING_PREFIX } from '../tracking/tracking-paths';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { html, type SafeHtml } from '../../lib/html';
import { type AllowListValues, allowListGuideSections, code, SENDING_IPS_MISSING } from './allow-list-guide.content';
import { renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/** The public guide for administrators, linked from /campaigns. */
export const ALLOW_LIST_GUIDE_PATH = '/help/allow-list';

/** Where every simulation link lives under the tracking origin (the click route's prefix). */
export const SIMULATION_LINK_PREFIX = TRACKING_PREFIX;

export const ALLOW_LIST_GUIDE_NAME = '訓練メールの許可リスト設定ガイド';

const TITLE = `${ALLOW_LIST_GUIDE_NAME}｜キヅキ`;
const DESCRIPTION =
  'キヅキの訓練メールを、Microsoft 365（Microsoft Defender の高度な配信）、Google Workspace、そのほかのメールゲートウェイの許可リストに登録する手順です。訓練メールを確実に届け、メールの自動検査によるクリックが結果に混ざるのを防ぎます。';

export interface AllowListGuideDeps {
  assets: () => WebAssets;
  appUrl: string;
  mail: Pick<AppConfig['mail'], 'trainingDomain'>;
  training: Pick<AppConfig['training'], 'header' | 'sendingIps' | 'trackingUrl' | 'minClickDelaySeconds'>;
}

/** The values the guide prints, derived from configuration so they are the ones actually in use. */
export function allowListValues({ mail, training }: Pick<AllowListGuideDeps, 'mail' | 'training'>): AllowListValues {
  const tracking = new URL(training.trackingUrl);
  // TRACKING_URL may carry a path; links sit under it. Microsoft's URL entries take no scheme and no port.
  const linkPath = `${tracking.pathname.replace(/\/$/, '')}${SIMULATION_LINK_PREFIX}*`;
  return {
    sendingDomain: mail.trainingDomain,
    sendingIps: training.sendingIps,
    linkPattern: `${tracking.origin}${linkPath}`,
    defenderUrlEntry: `${tracking.hostname}${linkPath}`,
    header: `${training.header.name}: ${training.header.value}`,
    minClickDelaySeconds: training.minClickDelaySeconds,
  };
}

/** The four values every product asks for, at the top of the guide. */
function renderValues(values: AllowListValues): SafeHtml {
  const row = (term: string, value: SafeHtml, note: SafeHtml | string) =>
    html`<div class="help-values__row"><dt class="help-values__term">${term}</dt><dd class="help-values__value">${value}<p class="help-values__note">${note}</p></dd></div>`;
  const ips =
    values.sendingIps.length > 0
      ? html`<ul class="help-values__ips">${values.sendingIps.map((ip) => html`<li>${code(ip)}</li>`)}</ul>`
      : html`<p class="help-values__missing">未設定</p>`;
  return html`<section id="allow-list-values" class="help-values" aria-labelledby="allow-list-values-title">
<h2 id="allow-list-values-title" class="help-values__title">この環境の設定値</h2>
<p class="help-values__lead">このキヅキ環境の訓練メールで実際に使われている値です。各製品の設定画面に、この値をそのまま入力してください。</p>
<dl class="help-values__list">
${row('送信ドメイン', code(values.sendingDomain), '訓練メールの差出人アドレスは、すべてこのドメインのアドレスです。')}
${row('送信元 IP アドレス', ips, values.sendingIps.length > 0 ? '訓練メールは、これらの IP アドレスから送信されます。' : SENDING_IPS_MISSING)}
${row('訓練用リンクの URL', code(values.linkPattern), html`訓練メール内のリンクは、すべてこの形の URL です（* の部分はメールごとに異なります）。Microsoft 365 に入力する場合は ${code(values.defenderUrlEntry)} の形にします。`)}
${row('識別用ヘッダー', code(values.header), 'すべての訓練メールに付いているヘッダーです。ゲートウェイのルールで訓練メールを見分ける条件に使えます。')}
</dl>
</section>`;
}

export function renderAllowListGuide(values: AllowListValues): SafeHtml {
  const sections = allowListGuideSections(values);
  return html`<div class="help-article">
<header class="page-intro help-article__intro">
<h1 class="page-intro__title">${ALLOW_LIST_GUIDE_NAME}</h1>
<p class="page-intro__lead">Microsoft 365、Google Workspace、そのほかのメールセキュリティ製品で、キヅキの訓練メールを許可リストに登録する手順をご案内します。登録しておくと、訓練メールが迷惑メールや隔離に振り分けられずに届き、メールの自動検査によるクリックが結果に混ざるのも防げます。</p>
</header>
<article class="card help-article__card" aria-labelledby="allow-list-guide-title">
<h2 id="allow-list-guide-title" class="visually-hidden">${ALLOW_LIST_GUIDE_NAME}本文</h2>
${renderValues(values)}
<nav class="help-toc" aria-labelledby="allow-list-toc-title">
<h2 id="allow-list-toc-title" class="help-toc__title">目次</h2>
<ol class="help-toc__list">${sections.map((section) => html`<li><a class="help-link" href="#${section.id}">${section.title}</a></li>`)}</ol>
</nav>
${sections.map(
  (section) => html`<section id="${section.id}" class="help-section" aria-labelledby="${section.id}-title">
<h2 id="${section.id}-title" class="help-section__heading">${section.title}</h2>
${section.body}
</section>`,
)}
</article>
</div>`;
}

/** GET /help/allow-list: rendered once from configuration, wrapped per request (CSRF meta, assets). */
export function registerAllowListGuide(app: FastifyInstance, deps: AllowListGuideDeps): void {
  const body = renderAllowListGuide(allowListValues(deps));
  app.get(ALLOW_LIST_GUIDE_PATH, async (request, reply) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    const document = renderHostPage(deps.assets(), { csrfToken, appUrl: deps.appUrl }, {
      title: TITLE,
      description: DESCRIPTION,
      path: ALLOW_LIST_GUIDE_PATH,
      frame: 'training',
      lazyModules: [],
      body,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(document);
  });
}
