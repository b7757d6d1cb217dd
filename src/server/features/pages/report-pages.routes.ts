import type { FastifyInstance } from 'fastify';
import { formatReportDateTime } from '../../../common/date-format';
import { reportMessages } from '../../../common/messages';
import type { PublicReport } from '../../../common/phishing-report.schema';
import { reportIdSchema } from '../../../common/phishing-report.schema';
import { truncateForList } from '../../../common/text-normalize';
import { defangOptional, defangText } from '../../../common/url-defang';
import { html, type SafeHtml } from '../../lib/html';
import type { PhishingReportsService } from '../phishing-reports/phishing-reports.service';
import { type HostPageContent, renderHostPage } from './host-page';
import type { WebAssets } from './web-assets';

/** The lazily imported web modules each page mounts (preloaded beside the entry). */
export const REPORT_PAGE_MODULES = {
  index: ['src/web/phishing-reports/report-form/mount.tsx', 'src/web/phishing-reports/report-list/mount.tsx'],
  detail: ['src/web/phishing-reports/report-detail/mount.tsx'],
};

const INDEX_DESCRIPTION =
  '受け取ったフィッシングメールや詐欺SMS（スミッシング）を匿名で報告・検索できる公開データベース。届いたメッセージと同じ手口の報告がないか確かめて、被害を防ぎましょう。';

interface PageDeps {
  service: PhishingReportsService;
  assets: () => WebAssets;
  appUrl: string;
}

export function registerReportPages(app: FastifyInstance, { service, assets, appUrl }: PageDeps): void {
  const send = (request: Parameters<FastifyInstance['issueCsrfToken']>[0], reply: Parameters<FastifyInstance['issueCsrfToken']>[1], page: HostPageContent) => {
    const csrfToken = app.issueCsrfToken(request, reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderHostPage(assets(), { csrfToken, appUrl }, page));
  };

  app.get('/phishing-reports', async (request, reply) =>
    send(request, reply, {
      title: 'Kizuki DB｜フィッシングメール・詐欺SMSの報告データベース',
      description: INDEX_DESCRIPTION,
      path: '/phishing-reports',
      lazyModules: REPORT_PAGE_MODULES.index,
      body: html`<div class="page-intro">
<h1 class="page-intro__title">Kizuki DB<span class="page-intro__sub">フィッシングメール・詐欺SMSの報告データベース</span></h1>
<p class="page-intro__lead">受け取った怪しいメールやSMSを、だれでも匿名で報告できます。報告は公開され、ほかの人への注意喚起と、フィッシング訓練の改善に役立てられます。</p>
</div>
<section id="report-form" aria-label="フィッシング情報の報告"><div id="phishing-report-form-app"></div></section>
<section id="report-list" aria-label="報告一覧"><div id="phishing-report-list-app"></div></section>`,
    }),
  );

  app.get<{ Params: { reportId: string } }>('/phishing-reports/:reportId', async (request, reply) => {
    const { reportId } = request.params;
    const report = reportIdSchema.safeParse(reportId).success ? await service.find(reportId) : null;
    if (!report) reply.status(404);
    return send(request, reply, report ? detailPage(report) : missingDetailPage(reportId));
  });
}

const excerpt = (text: string, length: number): string => truncateForList(text, length) ?? '';

function detailPage(shown: PublicReport): HostPageContent {
  // The presenter already defangs; doing it again here (it changes nothing twice) keeps this page
  // from ever rendering a usable phishing URL, in the text, the title or the description.
  const report = { ...shown, subject: defangOptional(shown.subject), body: defangText(shown.body) };
  const kind = report.receipt_method === 'email' ? 'フィッシングメール' : '詐欺SMS';
  const headline = report.subject || excerpt(report.body, 40);
  const sender = report.source_email ?? report.phone_number ?? reportMessages.unknownSender;
  return {
    title: `「${headline}」${kind}の報告｜Kizuki DB`,
    description: `${kind}の報告（送信元: ${sender}）: ${excerpt(report.body, 110)}`,
    path: `/phishing-reports/${report.report_id}`,
    lazyModules: REPORT_PAGE_MODULES.detail,
    body: html`<div id="phishing-report-detail-app" data-report-id="${report.report_id}" data-report="${JSON.stringify(report)}">
<article class="ssr-report">
<h1>${kind}の報告</h1>
<dl>
<dt>受信方法</dt><dd>${report.receipt_method === 'email' ? 'メール' : 'SMS・MMS'}</dd>
<dt>送信元</dt><dd>${sender}</dd>
${report.subject ? html`<dt>件名</dt><dd>${report.subject}</dd>` : ''}
<dt>報告日時</dt><dd><time datetime="${report.reported_at}">${formatReportDateTime(report.reported_at)}</time></dd>
</dl>
${report.similar_count > 0 ? html`<p><a href="/phishing-reports?similar_to=${report.report_id}#report-list">同様の報告 ${report.similar_count}件</a></p>` : ''}
<h2>本文</h2>
<p class="ssr-report__body">${report.body}</p>
${screenshotSection(report)}
<p class="ssr-report__note">掲載されている送信元は、なりすましや乗っ取りの可能性があります。情報の正確性は保証されません。</p>
<p><a href="/phishing-reports#report-list">報告一覧へ</a></p>
</article>
</div>`,
  };
}

/** The redacted image, or why there is none yet (or ever); nothing when none was to be published. */
function screenshotSection(report: PublicReport): SafeHtml | '' {
  if (report.screenshot_url) {
    return html`<h2>スクリーンショット</h2>
<p><a href="${report.screenshot_url}"><img class="ssr-report__screenshot" src="${report.thumbnail_url ?? report.screenshot_url}" alt="報告されたスクリーンショット（個人情報とURLは黒塗り済み）" loading="lazy"></a></p>`;
  }
  if (!report.publish_screenshot) return '';
  if (report.screenshot_status === 'pending') return html`<h2>スクリーンショット</h2>\n<p>画像を黒塗り処理中です。しばらくしてから再読み込みしてください。</p>`;
  if (report.screenshot_status === 'failed') return html`<h2>スクリーンショット</h2>\n<p>画像は公開されません（自動の黒塗り処理を完了できませんでした）。</p>`;
  return '';
}

function missingDetailPage(reportId: string): HostPageContent {
  return {
    title: 'フィッシング情報が見つかりません｜Kizuki DB',
    description: reportMessages.detailNotFound,
    path: `/phishing-reports/${encodeURIComponent(reportId)}`,
    noindex: true,
    lazyModules: REPORT_PAGE_MODULES.detail,
    body: html`<div id="phishing-report-detail-app" data-report-id="${reportId}">
<article class="ssr-report"><h1>${reportMessages.detailNotFound}</h1><p><a href="/phishing-reports">報告一覧へ</a></p></article>
</div>`,
  };
}
