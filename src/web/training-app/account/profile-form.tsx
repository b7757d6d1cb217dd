import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { profileSchema, type AuthUser, type ProfileValues } from '../../../common/account.schema';
import { accountMessages as m } from '../../../common/messages';
import { authErrorMessage, updateProfile } from '../../auth/auth-api';
import { updateSignedInUser } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from './server-field-errors';

const FIELDS = ['name', 'email'] as const;
type Outcome = { tone: 'success' | 'error'; message: string };

export function ProfileForm({ user, headingId }: { user: AuthUser; headingId: string }) {
  const { register, handleSubmit, setError, setFocus, formState } = useForm<ProfileValues, unknown, { name: string; email: string }>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, email: user.email },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: updateProfile });

  const onValid = (values: { name: string; email: string }) => {
    setOutcome(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        updateSignedInUser(result.user, result.tenant);
        setOutcome({ tone: 'success', message: result.message || m.profileUpdated });
        window.setTimeout(() => outcomeRef.current?.focus(), 0);
      },
      onError: (error) => {
        const field = applyServerFieldErrors(error, FIELDS, setError);
        if (field) {
          window.setTimeout(() => setFocus(field), 0);
          return;
        }
        setOutcome({ tone: 'error', message: authErrorMessage(error, m.profileUpdateFailed) });
        window.setTimeout(() => outcomeRef.current?.focus(), 0);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<ProfileValues>) => {
    const first = FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return (
    <section className="card ta-form-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ta-form-card__title">
        プロフィール
      </h2>
      <p className="ta-form-card__lead">メールアドレスを変更すると、新しいアドレスに確認メールをお送りします。確認が済むまでは現在のアドレスでログインしてください。</p>
      {outcome && (
        <AlertBox ref={outcomeRef} tone={outcome.tone} title={outcome.tone === 'error' ? m.errorBoxTitle : undefined}>
          <p>{outcome.message}</p>
        </AlertBox>
      )}
      {user.pending_email && outcome?.tone !== 'success' && (
        <AlertBox tone="info" live={false} title="メールアドレスの変更を確認待ちです">
          <p>
            {user.pending_email} に確認メールをお送りしています。メール内のリンクを開くと変更が完了します。
          </p>
        </AlertBox>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">プロフィール</legend>
          <FormField label="氏名" required error={errors.name?.message}>
            {(control) => <input {...control} {...register('name')} type="text" className="input" autoComplete="name" />}
          </FormField>
          <FormField label="メールアドレス" required error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" />}
          </FormField>
          <button type="submit" className="button button--primary">
            {mutation.isPending ? '保存中...' : 'プロフィールを保存'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
