import { html, type SafeHtml } from '../../lib/html';
import { type SiteFrame, siteFooter, siteHeader } from './site-frame';
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
  /** The header and footer around the containers; Kizuki DB's unless said otherwise. */
  frame?: SiteFrame;
}

const SITE_NAME = 'キヅキ Kizuki';

/**
 * The small HTML document every browser page starts from: metadata, the CSRF token, the site
 * frame, and the containers the client entry mounts into (SPEC §2.9).
 */
export function renderHostPage(assets: WebAssets, options: { csrfToken: string; appUrl: string }, page: HostPageContent): string {
  const files = assets.forPage(page.lazyModules);
  const canonical = `${options.appUrl}${page.path}`;
  const frame = page.frame ?? 'reports';
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
${siteHeader(frame)}
<main id="main" class="site-main" tabindex="-1">
${page.body}
</main>
${siteFooter(frame)}
</body>
</html>`}\n`;
}
