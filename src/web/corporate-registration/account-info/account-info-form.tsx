import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { accountStepSchema, type AccountStepValues } from '../../../common/account.schema';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { accountMessages as m } from '../../../common/messages';
import { registrationCompleteUrl } from '../../../common/training-routes';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { completeRegistration } from '../shared/registration-api';
import { completeRegistrationFailure, safeRedirectPath } from '../shared/registration-errors';
import { signInAfterRegistration } from './auto-sign-in';
import { SubmitButton } from '../../components/submit-button';

const FIELD_ORDER = ['organization_name', 'password', 'password_confirmation'] as const;
type Output = { organization_name: string; password: string; password_confirmation: string };

type AccountInfoFormProps = { token: string; email: string; onTokenInvalid: () => void };

export function AccountInfoForm({ token, email, onTokenInvalid }: AccountInfoFormProps) {
  const id = useId();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<AccountStepValues, unknown, Output>({
    resolver: zodResolver(accountStepSchema),
    defaultValues: { organization_name: '', password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [general, setGeneral] = useState<string | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);
  // Stays true after success while the browser moves on, so the form is not re-sent.
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({ mutationFn: completeRegistration });
  const busy = mutation.isPending || leaving;

  const onValid = (values: Output) => {
    setGeneral(null);
    mutation.mutate(
      { token, organization_name: values.organization_name, password: values.password },
      {
        onSuccess: async (result) => {
          setLeaving(true);
          await signInAfterRegistration(result.credentials);
          const fallback = registrationCompleteUrl(result.user.email || email, values.organization_name);
          window.location.assign(safeRedirectPath(result.redirect_url, fallback));
        },
        onError: (error) => {
          const failure = completeRegistrationFailure(error);
          if (failure.kind === 'token-invalid') {
            onTokenInvalid();
            return;
          }
          setGeneral(failure.message);
          let first: (typeof FIELD_ORDER)[number] | undefined;
          if (failure.kind === 'validation') {
            for (const field of FIELD_ORDER) {
              const message = failure.fields[field];
              if (!message) continue;
              setError(field, { type: 'server', message });
              first ??= field;
            }
          }
          window.setTimeout(() => (first ? setFocus(first) : generalRef.current?.focus()), 0);
        },
      },
    );
  };

  const onInvalid = (invalid: FieldErrors<AccountStepValues>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy || undefined}>
      <fieldset className="reg-form__fieldset" disabled={busy}>
        <legend className="visually-hidden">アカウント情報</legend>
        <div className="field">
          <p className="field__label" id={`${id}-email-label`}>
            メールアドレス
            <span className="badge badge--verified">確認済み</span>
          </p>
          <p className="reg-readonly" aria-labelledby={`${id}-email-label`} data-testid="account-email">
            {email}
          </p>
          {/* Lets password managers store the new password under this address. */}
          <input type="email" value={email} autoComplete="username" readOnly hidden />
        </div>
        <FormField label="組織名" required error={errors.organization_name?.message} hint="会社名・団体名をご入力ください。訓練メールや管理画面に表示されます。">
          {(control) => <input {...control} {...register('organization_name')} type="text" className="input" autoComplete="organization" placeholder="例）株式会社キヅキ" />}
        </FormField>
        <FormField label="パスワード" required error={errors.password?.message} hint={`${PASSWORD_MIN_LENGTH}文字以上で、英字と数字を組み合わせてください。`}>
          {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="new-password" />}
        </FormField>
        <FormField label="パスワード（確認）" required error={errors.password_confirmation?.message} hint="確認のため、もう一度入力してください。">
          {(control) => <input {...control} {...register('password_confirmation')} type="password" className="input" autoComplete="new-password" />}
        </FormField>

        {general && (
          <AlertBox ref={generalRef} tone="error" title={m.errorBoxTitle}>
            <p>{general}</p>
          </AlertBox>
        )}

        <SubmitButton busy={busy} label="登録を完了する" busyLabel="登録中..." />
      </fieldset>
    </form>
  );
}
