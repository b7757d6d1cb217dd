import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { passwordChangeSchema, type PasswordChangeValues } from '../../../common/account.schema';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { accountMessages as m } from '../../../common/messages';
import { authErrorMessage, changePassword } from '../../auth/auth-api';
import { storeAuthToken } from '../../auth/token-storage';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from './server-field-errors';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };
type Outcome = { tone: 'success' | 'error'; message: string };

export function PasswordForm({ headingId }: { headingId: string }) {
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<PasswordChangeValues, unknown, typeof EMPTY>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: changePassword });

  const onValid = (values: typeof EMPTY) => {
    setOutcome(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        // Every session was revoked, this one included; the answer carries its replacement.
        storeAuthToken(result.token);
        reset(EMPTY);
        setOutcome({ tone: 'success', message: result.message || m.passwordChanged });
        window.setTimeout(() => outcomeRef.current?.focus(), 0);
      },
      onError: (error) => {
        const field = applyServerFieldErrors(error, FIELDS, setError);
        if (field) {
          window.setTimeout(() => setFocus(field), 0);
          return;
        }
        setOutcome({ tone: 'error', message: authErrorMessage(error, m.passwordChangeFailed) });
        window.setTimeout(() => outcomeRef.current?.focus(), 0);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<PasswordChangeValues>) => {
    const first = FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return (
    <section className="card ta-form-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ta-form-card__title">
        パスワードの変更
      </h2>
      <p className="ta-form-card__lead">変更すると、ほかの端末でのログインはすべて解除されます。</p>
      {outcome && (
        <AlertBox ref={outcomeRef} tone={outcome.tone} title={outcome.tone === 'error' ? m.errorBoxTitle : undefined}>
          <p>{outcome.message}</p>
        </AlertBox>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">パスワードの変更</legend>
          <FormField label="現在のパスワード" required error={errors.current_password?.message}>
            {(control) => <input {...control} {...register('current_password')} type="password" className="input" autoComplete="current-password" />}
          </FormField>
          <FormField label="新しいパスワード" required error={errors.password?.message} hint={`${PASSWORD_MIN_LENGTH}文字以上で、英字と数字を組み合わせてください。`}>
            {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <FormField label="新しいパスワード（確認）" required error={errors.password_confirmation?.message}>
            {(control) => <input {...control} {...register('password_confirmation')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <button type="submit" className="button button--primary">
            {mutation.isPending ? '変更中...' : 'パスワードを変更'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
