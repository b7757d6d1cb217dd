import type { MouseEvent } from 'react';
import { type ListState, listStateHref } from './list-url-state';

type ReportListSummaryProps = {
  state: ListState;
  /** Reports found, or null while the first answer is on its way. */
  total: number | null;
  /** The search found more than it pages through: `total` is a lower bound. */
  totalCapped?: boolean;
  onNavigate: (event: MouseEvent<HTMLAnchorElement>, next: ListState) => void;
};

const FILTER_LABEL = { all: '', email: 'メールの', sms: 'SMSの' } as const;

/**
 * What the list shows when it is narrowed by a search or to one group: the count in words, and
 * a way back to everything. Spoken when it changes (a search has no other visible answer).
 */
export function ReportListSummary({ state, total, totalCapped = false, onNavigate }: ReportListSummaryProps) {
  if (!state.q && !state.similarTo) return null;
  const everything: ListState = { page: 1, filter: 'all', q: '', similarTo: null };
  const withoutGroup: ListState = { ...state, page: 1, similarTo: null };
  const count = total === null ? '' : `${total.toLocaleString('ja-JP')}件${totalCapped ? '以上' : ''}`;
  const kind = FILTER_LABEL[state.filter];

  let text: string;
  if (state.similarTo && state.q) text = `同様の報告のうち「${state.q}」を含む${kind}報告`;
  else if (state.similarTo) text = kind ? `同様の報告（${kind.slice(0, -1)}）` : '同様の報告';
  else text = `「${state.q}」を含む${kind}報告`;

  return (
    <div className="report-list__summary">
      <div>
        <p className="report-list__summary-text" role="status">
          {text}
          {total !== null && <>：<strong className="report-list__count">{count}</strong></>}
        </p>
        {state.similarTo && <p className="report-list__summary-note">送信元の番号・アドレスや、本文のURLのドメインが同じ報告です。</p>}
        {totalCapped && total !== null && (
          <p className="report-list__summary-note">新しい順に{total.toLocaleString('ja-JP')}件まで表示しています。言葉を増やすと絞り込めます。</p>
        )}
      </div>
      <p className="report-list__summary-links">
        {state.similarTo && state.q && (
          <a href={listStateHref(withoutGroup)} onClick={(event) => onNavigate(event, withoutGroup)}>
            すべての報告から「{state.q}」を検索
          </a>
        )}
        <a href={listStateHref(everything)} onClick={(event) => onNavigate(event, everything)}>
          すべての報告を表示
        </a>
      </p>
    </div>
  );
}
