import type { Organization } from '../../../common/organization.schema';
import { BILLING_FIELDS, BILLING_FIELD_LABELS } from './organization-api';

const orNone = (value: string) => value || '未設定';

/** The organisation as saved: the member's read-only view and the complete page's summary. */
export function OrganizationSummary({ organization, headingId }: { organization: Organization; headingId: string }) {
  const { billing } = organization;
  return (
    <>
      <section className="card org-section" aria-labelledby={`${headingId}-basic`}>
        <h2 id={`${headingId}-basic`} className="ta-form-card__title">
          基本情報
        </h2>
        <dl className="summary-list org-summary">
          <Row label="組織名" value={organization.company_name} />
          <Row label="郵便番号" value={organization.postal_code && `〒${organization.postal_code}`} />
          <Row label="住所" value={organization.address} />
          <Row label="電話番号" value={organization.phone} />
          <Row label="業種" value={organization.industry} />
          <Row label="従業員数" value={organization.employee_count} />
        </dl>
      </section>
      <section className="card org-section" aria-labelledby={`${headingId}-billing`}>
        <h2 id={`${headingId}-billing`} className="ta-form-card__title">
          請求先
        </h2>
        {billing ? (
          <dl className="summary-list org-summary">
            {BILLING_FIELDS.map((field) => (
              <Row key={field} label={BILLING_FIELD_LABELS[field]} value={field === 'postal_code' && billing.postal_code ? `〒${billing.postal_code}` : billing[field]} />
            ))}
          </dl>
        ) : (
          <p className="org-section__empty">請求先は登録されていません。</p>
        )}
      </section>
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="summary-list__row">
      <dt>{label}</dt>
      <dd className={value ? undefined : 'org-summary__none'}>{orNone(value)}</dd>
    </div>
  );
}
