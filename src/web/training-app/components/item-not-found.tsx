import { Link } from 'react-router';
import { AlertBox } from '../../components/alert-box';
import { PageHeader, type Crumb } from './page-header';

type ItemNotFoundProps = {
  /** The screen's heading, as it would read had the item been found. */
  title: string;
  /** What could not be found (the alert's title). */
  problem: string;
  /** The list the item belongs to: the breadcrumb and the way back. */
  list: Crumb;
};

/** A screen for one campaign or template whose id names nothing (deleted, or a mistyped address). */
export function ItemNotFound({ title, problem, list }: ItemNotFoundProps) {
  return (
    <div className="ta-page">
      <PageHeader title={title} crumbs={[list]} />
      <AlertBox tone="error" title={problem}>
        <p>削除されたか、URLが間違っている可能性があります。</p>
        <p>
          <Link to={list.to}>{list.label}へ戻る</Link>
        </p>
      </AlertBox>
    </div>
  );
}
