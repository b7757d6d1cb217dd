import { isRouteErrorResponse, useRouteError } from 'react-router';
import { operatorPaths } from '../../../common/operator-paths';

/** A screen's code failed to load (or a route broke): reload, or back to the reports. */
export function OperatorRouteError() {
  const error = useRouteError();
  console.error('Operator route failed', error);
  return (
    <div className="ta-route-error card" role="alert">
      <h1 className="card__title">画面を表示できませんでした</h1>
      <p>
        {isRouteErrorResponse(error)
          ? 'お探しのページが見つからないか、一時的に表示できない状態です。'
          : '通信環境をご確認のうえ、ページを再読み込みしてください。'}
      </p>
      <p className="ta-route-error__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
        <a className="button button--secondary" href={operatorPaths.reports}>
          報告の管理へ
        </a>
      </p>
    </div>
  );
}
