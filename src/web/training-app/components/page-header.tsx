import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { trainingPaths } from '../../../common/training-routes';

export type Crumb = { label: string; to: string };

/** Breadcrumb from the dashboard, the screen's heading (focused after navigation) and a lead. */
export function PageHeader({ title, lead, crumbs = [], actions }: { title: string; lead?: ReactNode; crumbs?: Crumb[]; actions?: ReactNode }) {
  const showCrumbs = crumbs.length > 0 || title !== 'ダッシュボード';
  return (
    <header className="ta-page-header">
      {showCrumbs && (
        <nav aria-label="パンくずリスト" className="ta-breadcrumb">
          <ol>
            <li>
              <Link to={trainingPaths.dashboard}>ダッシュボード</Link>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <div className="ta-page-header__row">
        <div>
          <h1 className="ta-page-header__title" tabIndex={-1} data-route-heading>
            {title}
          </h1>
          {lead && <p className="ta-page-header__lead">{lead}</p>}
        </div>
        {actions && <div className="ta-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
