/**
 * The one client entry. The server renders a host page per URL with empty containers; each
 * page's code is fetched only when its container is present, so this file stays tiny.
 */
import './styles/index.css';
// First, before any form code loads zod's parsers.
import './lib/zod-csp';
import { readAuthToken } from './auth/token-storage';

type PageModule = { mount: (container: HTMLElement) => void };

const pages: Record<string, () => Promise<PageModule>> = {
  'phishing-report-form-app': () => import('./phishing-reports/report-form/mount'),
  'phishing-report-list-app': () => import('./phishing-reports/report-list/mount'),
  'phishing-report-detail-app': () => import('./phishing-reports/report-detail/mount'),
  'corporate-register-app': () => import('./corporate-registration/register/mount'),
  'corporate-account-info-app': () => import('./corporate-registration/account-info/mount'),
  'corporate-registration-complete-app': () => import('./corporate-registration/complete/mount'),
  'phishing-training-registration-app': () => import('./individual-training/registration/mount'),
  // The training single-page app (SPEC §2.1); the dashboard host container runs the same app.
  app: () => import('./training-app/mount'),
  'corporate-dashboard-app': () => import('./training-app/mount'),
  'operator-app': () => import('./operators/mount'),
};

// The training header offers guest links or the signed-in ones (site-frame.ts). Marked from the stored
// token at once so a signed-in visitor does not see ログイン flash by; the server's answer follows.
if (document.querySelector('[data-account-nav]')) {
  if (readAuthToken() !== null) document.documentElement.classList.add('is-signed-in');
  import('./auth/signed-in-header')
    .then(({ syncSignedInHeader }) => syncSignedInHeader())
    .catch((error: unknown) => console.error('Could not start the header sign-in state', error));
}

for (const [id, load] of Object.entries(pages)) {
  const container = document.getElementById(id);
  if (!container) continue;
  load()
    .then(({ mount }) => mount(container))
    .catch((error: unknown) => {
      console.error(`Could not start #${id}`, error);
      // Keep server-rendered fallback content; only an empty container (a <noscript> note aside) needs a word.
      const rendered = Array.from(container.childNodes).filter((node) => node.nodeName !== 'NOSCRIPT');
      if (rendered.every((node) => !node.textContent?.trim())) {
        const message = document.createElement('p');
        message.className = 'mount-error';
        message.setAttribute('role', 'alert');
        message.textContent = '画面を読み込めませんでした。通信環境をご確認のうえ、ページを再読み込みしてください。';
        container.replaceChildren(message);
      }
    });
}
