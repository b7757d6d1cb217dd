import { Link, useParams } from 'react-router';
import { AlertBox } from '../../components/alert-box';
import { PageHeader } from '../components/page-header';

export const LIBRARY = { label: 'テンプレート一覧', to: '/templates' };

/** Reads the numeric id of /templates/:id; anything else is a page that does not exist. */
export function useTemplateId(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function TemplateNotFound({ title }: { title: string }) {
  return (
    <div className="ta-page">
      <PageHeader title={title} crumbs={[LIBRARY]} />
      <AlertBox tone="error" title="テンプレートが見つかりません">
        <p>削除されたか、URLが間違っている可能性があります。</p>
        <p>
          <Link to="/templates">テンプレート一覧へ戻る</Link>
        </p>
      </AlertBox>
    </div>
  );
}

