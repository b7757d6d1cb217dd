import { Link } from 'react-router';
import { trainingPaths } from '../../../common/training-routes';
import { PageHeader } from '../components/page-header';
import { useCurrentRoute } from '../shell/use-current-route';

/** Screens of SPEC §2.1 whose content is not specified yet: a real frame with a calm notice. */
export function Component() {
  const current = useCurrentRoute();
  const meta = current?.meta;
  const title = meta?.title ?? 'ページ';
  return (
    <div className="ta-page">
      <PageHeader title={title} lead={meta?.description} crumbs={meta?.parent ? [meta.parent] : []} />
      <section className="card ta-upcoming" aria-labelledby="ta-upcoming-title">
        <div className="ta-upcoming__icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <rect x="7" y="10" width="34" height="30" rx="4" />
            <path d="M7 19h34M16 6v8M32 6v8M17 28h6M17 33h12" />
          </svg>
        </div>
        <h2 id="ta-upcoming-title" className="ta-upcoming__title">
          この機能は近日公開予定です
        </h2>
        <p className="ta-upcoming__text">
          「{title}」は現在準備中です。今後のアップデートでご利用いただけるようになります。公開までしばらくお待ちください。
        </p>
        <div className="ta-upcoming__actions">
          <Link className="button button--primary" to={trainingPaths.dashboard}>
            ダッシュボードに戻る
          </Link>
          {meta?.parent && (
            <Link className="button button--secondary" to={meta.parent.to}>
              {meta.parent.label}へ
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
