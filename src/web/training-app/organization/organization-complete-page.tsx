import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { ORGANIZATION_FIELD_LABELS, ORGANIZATION_FIELDS } from '../../../common/organization.schema';
import { trainingPaths } from '../../../common/training-paths';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { PageHeader } from '../components/page-header';
import { fetchOrganization, organizationKey, type OrganizationCompleteState } from './organization-api';
import { OrganizationSummary } from './organization-summary';

const ACCOUNT = { label: 'アカウント', to: trainingPaths.account };

/** What changed, from the edit screen's router state (none after a reload). */
function changedFields(state: unknown) {
  const changed = (state as Partial<OrganizationCompleteState> | null)?.changed;
  return Array.isArray(changed) ? ORGANIZATION_FIELDS.filter((field) => changed.includes(field)) : null;
}

function ChangeNote({ changed }: { changed: ReturnType<typeof changedFields> }) {
  if (changed === null) return <p>組織情報の変更内容は以下のとおりです。</p>;
  if (changed.length === 0) return <p>変更された項目はありませんでした。</p>;
  return (
    <>
      <p>次の項目を変更しました。</p>
      <ul className="org-changed">
        {changed.map((field) => (
          <li key={field}>{ORGANIZATION_FIELD_LABELS[field]}</li>
        ))}
      </ul>
      {changed.includes('company_name') && <p>新しい組織名は、ダッシュボードや画面上部にすでに表示されています。</p>}
    </>
  );
}

/** /account/organization/complete: the done page after saving the organisation. */
export function Component() {
  const id = useId();
  const location = useLocation();
  const changed = changedFields(location.state);
  const organization = useQuery({ queryKey: organizationKey, queryFn: ({ signal }) => fetchOrganization(signal) });

  let summary;
  if (organization.isPending) summary = <Spinner label="組織情報を読み込み中..." />;
  else if (organization.isError)
    summary = (
      <AlertBox tone="error" title="読み込みに失敗しました">
        <p>{apiErrorMessage(organization.error, '組織情報を取得できませんでした。')}</p>
      </AlertBox>
    );
  else summary = <OrganizationSummary organization={organization.data} headingId={id} />;

  return (
    <div className="ta-page org-page">
      <PageHeader title="組織情報の変更完了" crumbs={[ACCOUNT]} />
      <AlertBox tone="success" title="組織情報を保存しました" className="org-note">
        <ChangeNote changed={changed} />
      </AlertBox>
      {summary}
      <div className="cmp-form__actions cmp-form__actions--start">
        <Link to={trainingPaths.account} className="button button--primary">
          アカウントへ戻る
        </Link>
        <Link to={trainingPaths.dashboard} className="button button--secondary">
          ダッシュボードへ
        </Link>
      </div>
    </div>
  );
}
