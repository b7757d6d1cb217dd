import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { Spinner } from '../components/spinner';
import { documentTitle, ROUTE_META, type SpaRoutePattern } from './route-meta';

function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { pattern?: SpaRoutePattern } | undefined;
    if (handle?.pattern) return ROUTE_META[handle.pattern].title;
  }
  return undefined;
}

/** Title per route, and focus on the new page's heading after an in-app navigation. */
export function RootLayout() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.querySelector<HTMLElement>('[data-route-heading]')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return <Outlet />;
}

export function RouteLoading() {
  return (
    <div className="ta-route-loading">
      <Spinner label="読み込み中..." />
    </div>
  );
}

export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error('Route failed', error);
  const chunkFailed = !isRouteErrorResponse(error);
  return (
    <div className="ta-route-error card" role="alert">
      <h1 className="card__title">画面を表示できませんでした</h1>
      <p>
        {chunkFailed
          ? '通信環境をご確認のうえ、ページを再読み込みしてください。'
          : 'お探しのページが見つからないか、一時的に表示できない状態です。'}
      </p>
      <p className="ta-route-error__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
        <a className="button button--secondary" href="/corporate/dashboard">
          ダッシュボードへ
        </a>
      </p>
    </div>
  );
}
