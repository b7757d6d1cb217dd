import { REPORT_LIST_PAGE_SIZE } from '../../../common/limits';
import { reportMessages as m, reportUiText as t } from '../../../common/report-messages';
import type { ListState } from './list-url-state';

export function ReportListLoading() {
  return (
    <div className="list-state list-state--loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t.listLoading}</span>
      <div className="skeleton-list" aria-hidden="true">
        {Array.from({ length: Math.min(5, REPORT_LIST_PAGE_SIZE) }, (_, index) => (
          <div key={index} className="skeleton-row">
            <span className="skeleton skeleton--icon" />
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--date" />
          </div>
        ))}
      </div>
      <p className="list-state__loading-text" aria-hidden="true">
        <span className="spinner spinner--small" />
        {t.listLoading}
      </p>
    </div>
  );
}

export function ReportListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="list-state list-state--error" role="alert">
      <h3 className="list-state__title">{m.listLoadFailedTitle}</h3>
      <p className="list-state__text">{m.listLoadFailed}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? t.listLoading : t.retry}
      </button>
    </div>
  );
}

/** Why nothing is listed, and what to try instead. */
export function ReportListEmpty({ state }: { state: ListState }) {
  const filtered = state.filter !== 'all';
  let title: string = t.listEmpty;
  let text: string;
  if (state.similarTo) {
    title = '同様の報告は見つかりませんでした';
    text = filtered
      ? '絞り込みを「すべて」に戻すと、ほかの受信方法の報告も確認できます。'
      : '元の報告が削除されたか、公開を取りやめた可能性があります。';
  } else if (state.q) {
    title = `「${state.q}」に一致する報告は見つかりませんでした`;
    text = filtered
      ? '絞り込みを「すべて」に戻すか、別のことばで検索してみてください。'
      : 'ことばを短くするか、別のことばで検索してみてください。';
  } else {
    text = filtered
      ? 'この条件に当てはまる報告はまだありません。絞り込みを「すべて」に戻すと、ほかの報告を確認できます。'
      : '不審なメールやSMSを受け取ったら、上のフォームから最初の報告をお寄せください。';
  }
  return (
    <div className="list-state list-state--empty">
      <p className="list-state__title">{title}</p>
      <p className="list-state__text">{text}</p>
    </div>
  );
}
