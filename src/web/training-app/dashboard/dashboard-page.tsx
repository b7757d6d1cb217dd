import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { trainingPaths } from '../../../common/training-routes';
import { useAuthState } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { PageHeader } from '../components/page-header';
import { accountMessages as m } from '../../../common/messages';
import { authErrorMessage } from '../../auth/auth-api';
import { dashboardErrorMessage, dashboardKey, fetchDashboard, isIndividualRefusal, isUnconfirmedRefusal, resendConfirmation } from './dashboard-api';
import { QuickActions } from './quick-actions';
import { RecentCampaigns } from './recent-campaigns';
import { StatCards } from './stat-cards';
import { AdSlot } from '../components/ad-slot';

function monthLabel(month: string | undefined): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  return match ? `${match[1]}年${Number(match[2])}月` : '今月';
}

function DashboardSkeleton() {
  return (
    <div className="ta-dashboard-skeleton" role="status" aria-label="ダッシュボードを読み込み中">
      <div className="ta-stats">
        {[0, 1, 2, 3].map((key) => (
          <span key={key} className="skeleton ta-dashboard-skeleton__stat" />
        ))}
      </div>
      <span className="skeleton ta-dashboard-skeleton__table" />
    </div>
  );
}

/** A directly registered account before its mailed link is opened: what to do, and a new mail on request. */
function ConfirmAddressNotice({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: resendConfirmation });
  return (
    <AlertBox tone="warning" title="メールアドレスの確認をお願いします">
      <p>{m.emailUnconfirmed}</p>
      {email && <p>確認メールの送信先：{email}</p>}
      <p>
        <button type="button" className="button button--secondary button--small" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? '送信中...' : '確認メールを再送する'}
        </button>
      </p>
      {resend.isSuccess && <p role="status">{resend.data.message}</p>}
      {resend.isError && <p role="alert">{authErrorMessage(resend.error, m.confirmationRateLimited)}</p>}
    </AlertBox>
  );
}

/** SPEC §2.3. */
export function Component() {
  const id = useId();
  const auth = useAuthState();
  const individual = auth.status === 'signed-in' && !auth.tenant;
  // Asked for individuals too: the answer tells an account whose address is not confirmed yet.
  const dashboard = useQuery({ queryKey: dashboardKey, queryFn: ({ signal }) => fetchDashboard(signal) });
  const companyName = dashboard.data?.tenant.company_name ?? auth.tenant?.company_name ?? auth.user?.email ?? '';

  let body;
  if (isUnconfirmedRefusal(dashboard.error)) {
    body = <ConfirmAddressNotice email={auth.user?.email ?? ''} />;
  } else if (individual || isIndividualRefusal(dashboard.error)) {
    body = (
      <AlertBox tone="info" title="個人アカウントでご利用中です">
        <p>ダッシュボードは法人アカウント向けの機能です。訓練メールは、ご登録のメールアドレスに定期的にお届けします。</p>
        <p>
          <Link to={trainingPaths.account}>アカウント情報を確認する</Link>
        </p>
      </AlertBox>
    );
  } else if (dashboard.isPending) {
    body = <DashboardSkeleton />;
  } else if (dashboard.isError) {
    body = (
      <AlertBox tone="error" title="読み込みに失敗しました">
        <p>{dashboardErrorMessage(dashboard.error)}</p>
        <p>
          <button type="button" className="button button--secondary button--small" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            {dashboard.isFetching ? '再読み込み中...' : '再読み込み'}
          </button>
        </p>
      </AlertBox>
    );
  } else {
    const data = dashboard.data;
    body = (
      <>
        <StatCards stats={data.stats} monthLabel={monthLabel(data.month)} plan={data.tenant.plan} />
        <QuickActions headingId={`${id}-actions`} />
        <AdSlot />
        <RecentCampaigns campaigns={data.recent_campaigns} headingId={`${id}-recent`} />
      </>
    );
  }

  return (
    <div className="ta-page ta-dashboard">
      <PageHeader
        title="ダッシュボード"
        lead={
          companyName ? (
            <>
              <span className="ta-dashboard__company" data-testid="dashboard-company-name">
                {companyName}
              </span>
              の訓練状況
            </>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}
