import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { BillingDetailsInput } from '../../../common/billing.schema';
import { FormField } from '../../components/form-field';

type WithBilling = { billing: BillingDetailsInput };

/** The 請求先 inputs (company, department, contact, e-mail, 〒, address, phone) of a form holding `billing`. */
export function BillingFields<T extends WithBilling>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<WithBilling>['billing'] }) {
  const reg = register as unknown as UseFormRegister<WithBilling>;
  return (
    <>
      <FormField label="請求先の会社名" required error={errors?.company_name?.message}>
        {(control) => <input {...control} {...reg('billing.company_name')} type="text" className="input" autoComplete="organization" />}
      </FormField>
      <FormField label="部署名" hint="請求書の宛名に記載します。" error={errors?.department?.message}>
        {(control) => <input {...control} {...reg('billing.department')} type="text" className="input" autoComplete="organization-title" />}
      </FormField>
      <FormField label="ご担当者名" required error={errors?.contact_name?.message}>
        {(control) => <input {...control} {...reg('billing.contact_name')} type="text" className="input" autoComplete="name" />}
      </FormField>
      <FormField label="請求書送付先メールアドレス" required hint="請求書の発行をこのアドレスにお知らせします。" error={errors?.email?.message}>
        {(control) => <input {...control} {...reg('billing.email')} type="email" className="input" autoComplete="email" inputMode="email" />}
      </FormField>
      <FormField label="郵便番号" required hint="例：100-0005" error={errors?.postal_code?.message} className="upg-field--short">
        {(control) => <input {...control} {...reg('billing.postal_code')} type="text" className="input" autoComplete="postal-code" inputMode="numeric" />}
      </FormField>
      <FormField label="住所" required hint="都道府県から建物名まで" error={errors?.address?.message}>
        {(control) => <input {...control} {...reg('billing.address')} type="text" className="input" autoComplete="street-address" />}
      </FormField>
      <FormField label="電話番号" required hint="例：03-1234-5678" error={errors?.phone?.message} className="upg-field--short">
        {(control) => <input {...control} {...reg('billing.phone')} type="tel" className="input" autoComplete="tel" inputMode="tel" />}
      </FormField>
    </>
  );
}
