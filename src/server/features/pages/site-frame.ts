import { individualPaths } from '../../../common/individual-training.schema';
import { CORPORATE_PRIVACY_PATH, CORPORATE_TERMS_PATH, PRIVACY_PATH, TERMS_PATH } from '../../../common/legal-paths';
import { trainingPaths } from '../../../common/training-routes';
import { html, type SafeHtml } from '../../lib/html';

/**
 * Which site a host page belongs to: Kizuki DB (public reports, individuals' legal pages) or the
 * corporate security training. Each has its own brand line, navigation and legal links.
 */
export type SiteFrame = 'reports' | 'training' | 'operator';

const BRAND_MARK = html`<span class="site-brand__mark" aria-hidden="true">気</span>`;
const FOOTER_LEAD = html`<p class="site-footer__lead">キヅキは、フィッシング詐欺に「気づく」力を育てるサービスです。</p>`;
const FOOTER_COPY = html`<p class="site-footer__copy"><small>© 2026 Kizuki</small></p>`;

export function siteHeader(frame: SiteFrame): SafeHtml {
  // The operator console draws its own bar (operator, navigation, logout) inside its container.
  if (frame === 'operator') {
    return html`<header class="site-header">
  <div class="site-header__inner">
    <a class="site-brand" href="/operator/reports">
      ${BRAND_MARK}
      <span class="site-brand__name">キヅキ <span class="site-brand__sub">運営コンソール</span></span>
    </a>
  </div>
</header>`;
  }
  if (frame === 'training') {
    // Light on purpose: signed-in screens draw their own shell (tenant name, logout) inside #app.
    // The sign-in lives in the browser (a bearer token in localStorage), so the server renders both
    // sets of links and the client entry shows the right one (src/web/auth/signed-in-header.ts);
    // without JavaScript the guest links show.
    return html`<header class="site-header">
  <div class="site-header__inner">
    <a class="site-brand" href="${trainingPaths.login}">
      ${BRAND_MARK}
      <span class="site-brand__name">キヅキ <span class="site-brand__sub">セキュリティ訓練</span></span>
    </a>
    <nav class="site-nav" aria-label="サイト内" data-account-nav>
      <a href="${trainingPaths.login}" data-guest-only>ログイン</a>
      <a href="${trainingPaths.register}" data-guest-only>無料で始める</a>
      <a href="${trainingPaths.dashboard}" data-signed-in-only>ダッシュボード</a>
    </nav>
  </div>
</header>`;
  }
  return html`<header class="site-header">
  <div class="site-header__inner">
    <a class="site-brand" href="/phishing-reports">
      ${BRAND_MARK}
      <span class="site-brand__name">キヅキ <span class="site-brand__sub">Kizuki DB</span></span>
    </a>
    <nav class="site-nav" aria-label="サイト内">
      <a href="/phishing-reports#report-list">報告一覧</a>
      <a href="/phishing-reports#report-form">報告する</a>
      <a href="${individualPaths.registration}">個人向け訓練</a>
    </nav>
  </div>
</header>`;
}

export function siteFooter(frame: SiteFrame): SafeHtml {
  if (frame === 'operator') {
    return html`<footer class="site-footer">
  <div class="site-footer__inner">
    ${FOOTER_COPY}
  </div>
</footer>`;
  }
  const links =
    frame === 'training'
      ? html`<a href="${CORPORATE_TERMS_PATH}">利用規約</a><a href="${CORPORATE_PRIVACY_PATH}">プライバシーポリシー</a><a href="/phishing-reports">Kizuki DB</a>`
      : html`<a href="${TERMS_PATH}">利用規約</a><a href="${PRIVACY_PATH}">プライバシーポリシー</a><a href="https://www.antiphishing.jp/" target="_blank" rel="noopener noreferrer">フィッシング対策協議会</a>`;
  return html`<footer class="site-footer">
  <div class="site-footer__inner">
    ${FOOTER_LEAD}
    <p class="site-footer__links">${links}</p>
    ${FOOTER_COPY}
  </div>
</footer>`;
}
