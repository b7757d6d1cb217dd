import { html, type SafeHtml } from '../../lib/html';
import type { WebAssets } from './web-assets';

export interface HostPageContent {
  title: string;
  description: string;
  /** Path of the canonical URL of this page, e.g. /phishing-reports. */
  path: string;
  noindex?: boolean;
  /** The mount containers (and any server-rendered fallback inside them). */
  body: SafeHtml;
  /** Source paths of the lazily imported modules this page mounts, preloaded with the entry. */
  lazyModules: string[];
}

const SITE_NAME = 'キヅキ Kizuki';

/**
 * The small HTML document every browser page starts from: metadata, the CSRF token, the site
 * frame, and the containers the client entry mounts into (SPEC §2.9).
 */
export function renderHostPage(assets: WebAssets, options: { csrfToken: string; appUrl: string }, page: HostPageContent): string {
  const files = assets.forPage(page.lazyModules);
  const canonical = `${options.appUrl}${page.path}`;
  return `<!doctype html>\n${html`<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<meta name="csrf-token" content="${options.csrfToken}">
<meta name="theme-color" content="#1d5fbf">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="format-detection" content="telephone=no">
${page.noindex ? html`<meta name="robots" content="noindex">` : html`<link rel="canonical" href="${canonical}">`}
<meta property="og:site_name" content="${SITE_NAME}">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:type" content="website">
<meta property="og:url" content="${canonical}">
${files.styles.map((href) => html`<link rel="stylesheet" href="${href}">`)}
${files.modulePreloads.map((href) => html`<link rel="modulepreload" href="${href}">`)}
<script type="module" src="${files.script}"></script>
</head>
<body>
<a class="skip-link" href="#main">本文へスキップ</a>
<header class="site-header">
  <div class="site-header__inner">
    <a class="site-brand" href="/phishing-reports" aria-label="キヅキ Kizuki DB トップ">
      <span class="site-brand__mark" aria-hidden="true">気</span>
      <span class="site-brand__name">キヅキ<span class="site-brand__sub">Kizuki DB</span></span>
    </a>
    <nav class="site-nav" aria-label="サイト内">
      <a href="/phishing-reports#report-list">報告一覧</a>
      <a href="/phishing-reports#report-form">報告する</a>
    </nav>
  </div>
</header>
<main id="main" class="site-main" tabindex="-1">
${page.body}
</main>
<footer class="site-footer">
  <div class="site-footer__inner">
    <p class="site-footer__lead">キヅキは、フィッシング詐欺に「気づく」力を育てるサービスです。</p>
    <p class="site-footer__links" style="display:flex;flex-wrap:wrap;gap:0.25em 1.5em"><a href="/terms">利用規約</a><a href="/privacy">プライバシーポリシー</a><a href="https://www.antiphishing.jp/" target="_blank" rel="noopener noreferrer">フィッシング対策協議会</a></p>
    <p class="site-footer__copy"><small>© 2026 Kizuki</small></p>
  </div>
</footer>
</body>
</html>`}\n`;
}
