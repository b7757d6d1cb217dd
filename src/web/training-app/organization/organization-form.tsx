import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { get, useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { trainingPaths } from '../../../common/training-paths';
import {
  EMPLOYEE_COUNT_BANDS,
  INDUSTRIES,
  organizationInputSchema,
  type Organization,
  type OrganizationUpdate,
} from '../../../common/organization.schema';
import { getAuthState, updateSignedInUser } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { apiErrorMessage } from '../../lib/api-error-message';
import { applyServerFieldErrors } from '../account/server-field-errors';
import { dashboardKey } from '../dashboard/dashboard-api';
import { billingKeys } from '../upgrade/upgrade-api';
import { BILLING_FIELDS, BILLING_FIELD_LABELS, organizationKey, updateOrganization, type OrganizationCompleteState } from './organization-api';

type BillingValues = Record<(typeof BILLING_FIELDS)[number], string>;
type FormValues = {
  company_name: string;
  postal_code: string;
  address: string;
  phone: string;
  industry: string;
  employee_count: string;
  billing: BillingValues;
};

const FIELDS = [
  'company_name', 'postal_code', 'address', 'phone', 'industry', 'employee_count',
  ...BILLING_FIELDS.map((field) => `billing.${field}` as const),
] as const satisfies readonly Path<FormValues>[];

const EMPTY_BILLING: BillingValues = { company_name: '', department: '', contact_name: '', email: '', postal_code: '', address: '', phone: '' };

const BILLING_INPUTS: Record<keyof BillingValues, { required: boolean; autoComplete: string; type?: string; inputMode?: 'email' | 'tel' | 'numeric'; hint?: string }> = {
  company_name: { required: true, autoComplete: 'billing organization' },
  department: { required: false, autoComplete: 'off' },
  contact_name: { required: true, autoComplete: 'billing name' },
  email: { required: true, autoComplete: 'billing email', type: 'email', inputMode: 'email' },
  postal_code: { required: true, autoComplete: 'billing postal-code', inputMode: 'numeric', hint: '例：123-4567' },
  address: { required: true, autoComplete: 'billing street-address' },
  phone: { required: true, autoComplete: 'billing tel', type: 'tel', inputMode: 'tel', hint: '例：03-1234-5678' },
};

const schemaResolver = zodResolver(organizationInputSchema);

/** /account/organization/edit for an administrator: the organisation and its 請求先. */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const hadBilling = organization.billing !== null;
  const [billingOpen, setBillingOpen] = useState(hadBilling);
  const billingOpenRef = useRef(billingOpen);
  billingOpenRef.current = billingOpen;
  // The 請求先 is validated and sent only while its fields are shown; otherwise it stays as it is.
  const resolver: Resolver<FormValues, unknown, OrganizationUpdate> = (values, context, options) =>
    schemaResolver({ ...values, billing: billingOpenRef.current ? values.billing : null } as never, context, options as never) as never;
  const { register, handleSubmit, setError, setFocus, setValue, getValues, formState } = useForm<FormValues, unknown, OrganizationUpdate>({
    resolver,
    defaultValues: {
      company_name: organization.company_name,
      postal_code: organization.postal_code,
      address: organization.address,
      phone: organization.phone,
      industry: organization.industry,
      employee_count: organization.employee_count,
      billing: organization.billing ?? EMPTY_BILLING,
    },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: updateOrganization });

  const onValid = (values: OrganizationUpdate) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        // The shell and the dashboard show the new name at once.
        const auth = getAuthState();
        if (auth.user && auth.tenant) updateSignedInUser(auth.user, { ...auth.tenant, company_name: result.organization.company_name });
        queryClient.setQueryData(organizationKey, result.organization);
        void queryClient.invalidateQueries({ queryKey: dashboardKey });
        // The subscription answer carries the 請求先 too (the upgrade's payment step starts from it).
        if (result.changed.includes('billing')) void queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
        const state: OrganizationCompleteState = { changed: result.changed };
        void navigate('/account/organization/complete', { state });
      },
      onError: (error) => {
        const field = applyServerFieldErrors(error, FIELDS, setError);
        if (field) {
          window.setTimeout(() => setFocus(field), 0);
          return;
        }
        setFailure(apiErrorMessage(error, '組織情報を保存できませんでした。時間をおいて再度お試しください。'));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    const first = FIELDS.find((field) => get(invalid, field));
    if (first) setFocus(first);
  };

  const openBilling = () => {
    // Start from the organisation's own details; most companies are billed at the same address.
    const current = getValues();
    const prefill = { company_name: current.company_name, postal_code: current.postal_code, address: current.address, phone: current.phone };
    for (const [field, value] of Object.entries(prefill) as [keyof BillingValues, string][]) {
      if (!getValues(`billing.${field}`)) setValue(`billing.${field}`, value);
    }
    setBillingOpen(true);
    window.setTimeout(() => setFocus('billing.company_name'), 0);
  };

  const billingError = (field: keyof BillingValues) => errors.billing?.[field]?.message;

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={mutation.isPending || undefined} className="org-form">
      {failure && (
        <AlertBox ref={failureRef} tone="error" title="保存できませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}
      <fieldset className="ta-fieldset" disabled={mutation.isPending}>
        <section className="card org-section" aria-labelledby="org-basic-title">
          <h2 id="org-basic-title" className="ta-form-card__title">
            基本情報
          </h2>
          <p className="ta-form-card__lead">組織名はダッシュボードや画面上部に表示されます。</p>
          <FormField label="組織名" required error={errors.company_name?.message}>
            {(control) => <input {...control} {...register('company_name')} type="text" className="input" autoComplete="organization" />}
          </FormField>
          <div className="org-form__row">
            <FormField label="郵便番号" hint="例：123-4567" error={errors.postal_code?.message} className="org-form__postal">
              {(control) => <input {...control} {...register('postal_code')} type="text" className="input" autoComplete="postal-code" inputMode="numeric" />}
            </FormField>
            <FormField label="電話番号" hint="例：03-1234-5678" error={errors.phone?.message}>
              {(control) => <input {...control} {...register('phone')} type="tel" className="input" autoComplete="tel" inputMode="tel" />}
            </FormField>
          </div>
          <FormField label="住所" error={errors.address?.message}>
            {(control) => <input {...control} {...register('address')} type="text" className="input" autoComplete="street-address" />}
          </FormField>
          <div className="org-form__row">
            <FormField label="業種" error={errors.industry?.message}>
              {(control) => (
                <select {...control} {...register('industry')} className="input">
                  <option value="">選択してください</option>
                  {INDUSTRIES.map((industry) => (
                    <option key={industry} value={industry}>
                      {industry}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="従業員数" error={errors.employee_count?.message}>
              {(control) => (
                <select {...control} {...register('employee_count')} className="input">
                  <option value="">選択してください</option>
                  {EMPLOYEE_COUNT_BANDS.map((band) => (
                    <option key={band} value={band}>
                      {band}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        </section>

        <section className="card org-section" aria-labelledby="org-billing-title">
          <h2 id="org-billing-title" className="ta-form-card__title">
            請求先
          </h2>
          {billingOpen ? (
            <>
              <p className="ta-form-card__lead">有料プランの請求書（適格請求書）は、この宛先でお送りします。</p>
              {BILLING_FIELDS.map((field) => {
                const input = BILLING_INPUTS[field];
                return (
                  <FormField key={field} label={BILLING_FIELD_LABELS[field]} required={input.required} hint={input.hint} error={billingError(field)}>
                    {(control) => (
                      <input {...control} {...register(`billing.${field}`)} type={input.type ?? 'text'} className="input" autoComplete={input.autoComplete} inputMode={input.inputMode} />
                    )}
                  </FormField>
                );
              })}
              {!hadBilling && (
                <button type="button" className="button button--secondary" onClick={() => setBillingOpen(false)}>
                  今は登録しない
                </button>
              )}
            </>
          ) : (
            <>
              <p className="ta-form-card__lead">請求先はまだ登録されていません。有料プランへのお申し込みの際にも登録できます。</p>
              <button type="button" className="button button--secondary" onClick={openBilling}>
                請求先を登録する
              </button>
            </>
          )}
        </section>

        <div className="cmp-form__actions">
          <Link to={trainingPaths.account} className="button button--secondary">
            キャンセル
          </Link>
          <button type="submit" className="button button--primary">
            {mutation.isPending ? '保存中...' : '変更を保存'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
