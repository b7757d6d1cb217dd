import type { CompositionEvent, FormEvent } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import type { ReceiptMethod } from '../../../common/limits';
import { filterDeletePasswordInput } from '../../../common/text-normalize';
import { FormField } from '../../components/form-field';
import type { ReportFormInput } from './report-form-values';

type ReportFieldsProps = {
  receiptMethod: ReceiptMethod;
  register: UseFormRegister<ReportFormInput>;
  setValue: UseFormSetValue<ReportFormInput>;
  errors: FieldErrors<ReportFormInput>;
};

/** The typed part of the report: sender, subject (e-mail only), body and the delete password. */
export function ReportFields({ receiptMethod, register, setValue, errors }: ReportFieldsProps) {
  const isEmail = receiptMethod === 'email';
  const password = register('delete_password');

  const filterPassword = (event: FormEvent<HTMLInputElement>) => {
    // Rewriting the value mid-composition breaks Japanese IME input (full-width digits);
    // compositionend below cleans up once the IME is done.
    if ((event.nativeEvent as InputEvent).isComposing) return;
    event.currentTarget.value = filterDeletePasswordInput(event.currentTarget.value);
  };
  const onCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    setValue('delete_password', filterDeletePasswordInput(event.currentTarget.value), { shouldDirty: true });
  };

  return (
    <>
      <FormField
        label={isEmail ? '送信元メールアドレス' : '送信元の電話番号またはメールアドレス'}
        required
        hint={isEmail ? '受信したメールの差出人アドレスです。' : 'SMSの送信元に表示された電話番号またはメールアドレスです。'}
        error={errors.source_info?.message}
      >
        {(control) => (
          <input
            {...control}
            {...register('source_info')}
            className="input"
            type={isEmail ? 'email' : 'text'}
            inputMode={isEmail ? 'email' : 'text'}
            autoComplete="off"
            spellCheck={false}
            // The label names both kinds; a placeholder naming both does not fit a phone's width.
            placeholder={isEmail ? '例）info@example.com' : '例）090-1234-5678'}
          />
        )}
      </FormField>

      {isEmail && (
        <FormField label="件名" required error={errors.subject?.message}>
          {(control) => (
            <input
              {...control}
              {...register('subject')}
              className="input"
              type="text"
              autoComplete="off"
              placeholder="例）【重要】アカウントの確認"
            />
          )}
        </FormField>
      )}

      <FormField
        label="本文"
        required
        hint="届いた文面をそのまま貼り付けてください。URLが含まれていても構いません。"
        error={errors.body?.message}
      >
        {(control) => <textarea {...control} {...register('body')} className="input textarea" rows={8} autoComplete="off" />}
      </FormField>

      <FormField
        label="削除用パスワード（4桁の数字）"
        required
        hint="報告を削除するときに必要です。"
        error={errors.delete_password?.message}
        className="field--narrow"
      >
        {(control) => (
          <input
            {...control}
            {...password}
            onChange={(event) => {
              filterPassword(event);
              return password.onChange(event);
            }}
            onCompositionEnd={onCompositionEnd}
            className="input input--pin"
            type="text"
            inputMode="numeric"
            autoComplete="off"
          />
        )}
      </FormField>
    </>
  );
}
