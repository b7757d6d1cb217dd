import { useId } from 'react';
import { Link } from 'react-router';
import { formatReportDate } from '../../../common/date-format';
import { useAuthState } from '../../auth/auth-store';
import { PageHeader } from '../components/page-header';
import { planLabel } from '../shell/plan-label';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SendingDomainsSection } from './sending-domains/sending-domains-section';

export function Component() {
  const id = useId();
  const { user, tenant } = useAuthState();
  if (!user) return null;

  return (
    <div className="ta-page">
      <PageHeader title="アカウント" lead="ご契約中のプランとログイン情報を確認・変更できます。" />
      <section className="card ta-summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="ta-form-card__title">
          ご契約情報
        </h2>
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>組織名</dt>
            <dd>{tenant?.company_name ?? '個人アカウント'}</dd>
          </div>
          {tenant && (
            <div className="summary-list__row">
              <dt>ご利用プラン</dt>
              <dd className="ta-summary__plan">
                <span className="plan-badge">{planLabel(tenant.plan)}</span>
                <Link to="/account/upgrade">プランをアップグレード</Link>
              </dd>
            </div>
          )}
          <div className="summary-list__row">
            <dt>メールアドレス</dt>
            <dd>{user.email}</dd>
          </div>
          <div className="summary-list__row">
            <dt>氏名</dt>
            <dd>{user.name || '未設定'}</dd>
          </div>
          {user.created_at && (
            <div className="summary-list__row">
              <dt>登録日</dt>
              <dd>{formatReportDate(user.created_at)}</dd>
            </div>
          )}
        </dl>
        {tenant && (
          <p className="ta-summary__links">
            <Link to="/account/organization/edit">組織情報を編集</Link>
            <Link to="/account/billing">ご利用状況・請求</Link>
          </p>
        )}
      </section>
      <div className="ta-account-grid">
        <ProfileForm user={user} headingId={`${id}-profile`} />
        <PasswordForm headingId={`${id}-password`} />
      </div>
      {tenant && <SendingDomainsSection />}
    </div>
  );
}
