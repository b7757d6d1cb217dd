import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { billingMessages } from '../../../common/billing-messages';
import { trainingPaths } from '../../../common/training-paths';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { apiErrorMessage } from '../../lib/api-error-message';
import { PageHeader } from '../components/page-header';
import { fetchOrganization, organizationKey } from './organization-api';
import { OrganizationForm } from './organization-form';
import { OrganizationSummary } from './organization-summary';

const ACCOUNT = { label: 'アカウント', to: trainingPaths.account };

/** /account/organization/edit: an administrator edits, a member reads. */
export function Component() {
  const id = useId();
  const organization = useQuery({ queryKey: organizationKey, queryFn: ({ signal }) => fetchOrganization(signal) });

  let body;
  if (organization.isPending) body = <Spinner label="組織情報を読み込み中..." />;
  else if (organization.isError)
    body = (
      <AlertBox tone="error" title="読み込みに失敗しました">
        <p>{apiErrorMessage(organization.error, '組織情報を取得できませんでした。時間をおいて再度お試しください。')}</p>
        <p>
          <Link to={trainingPaths.account}>アカウントへ戻る</Link>
        </p>
      </AlertBox>
    );
  else if (!organization.data.is_admin)
    body = (
      <>
        <AlertBox tone="info" live={false} className="org-note">
          <p>{billingMessages.organizationAdminOnly}</p>
        </AlertBox>
        <OrganizationSummary organization={organization.data} headingId={id} />
      </>
    );
  else body = <OrganizationForm organization={organization.data} />;

  return (
    <div className="ta-page org-page">
      <PageHeader title="組織情報の編集" lead={organization.data?.is_admin === false ? '組織の登録情報と請求先を確認できます。' : '組織名・所在地・業種・従業員数と、請求書の宛先（請求先）を登録します。'} crumbs={[ACCOUNT]} />
      {body}
    </div>
  );
}
