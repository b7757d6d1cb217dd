import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { passwordResetSchema, type PasswordResetValues } from '../../../common/account.schema';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { accountMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { authErrorMessage, resetPassword } from '../../auth/auth-api';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { GuestCard } from '../components/guest-card';

type Output = { token: string; email: string; password: string; password_confirmation: string };
const FIELD_ORDER = ['password', 'password_confirmation'] as const;

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const { register, handleSubmit, setFocus, formState } = useForm<PasswordResetValues, unknown, Output>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, email, password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: resetPassword });
  const focusAlert = () => window.setTimeout(() => alertRef.current?.focus(), 0);

  const loginLink = (
    <Link className="button button--primary" to={trainingPaths.login}>
      新しいパスワードでログイン
    </Link>
  );

  if (!token || !email) {
    return (
      <GuestCard title="パスワードの再設定">
        <AlertBox tone="error" title="リンクが正しくありません">
          <p>{m.resetTokenInvalid}</p>
        </AlertBox>
        <Link className="button button--primary" to={trainingPaths.passwordForgot}>
          再設定メールを申請する
        </Link>
      </GuestCard>
    );
  }

  if (done) {
    return (
      <GuestCard title="パスワードを再設定しました">
        <AlertBox ref={alertRef} tone="success" title="再設定が完了しました">
          <p>{done}</p>
        </AlertBox>
        {loginLink}
      </GuestCard>
    );
  }

  const onValid = (values: Output) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        setDone(result.message || m.passwordReset);
        focusAlert();
      },
      onError: (error) => {
        setFailure(authErrorMessage(error, m.resetFailed));
        focusAlert();
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<PasswordResetValues>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return (
    <GuestCard
      title="パスワードの再設定"
      lead={`${email} のアカウントに、新しいパスワードを設定します。`}
      footer={
        <p>
          <Link to={trainingPaths.login}>ログイン画面に戻る</Link>
        </p>
      }
    >
      {failure && (
        <AlertBox ref={alertRef} tone="error" title={m.errorBoxTitle}>
          <p>{failure}</p>
          {failure === m.resetTokenInvalid && (
            <p>
              <Link to={trainingPaths.passwordForgot}>再設定メールをもう一度申請する</Link>
            </p>
          )}
        </AlertBox>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">新しいパスワード</legend>
          <input type="email" value={email} autoComplete="username" readOnly hidden />
          <FormField label="新しいパスワード" required error={errors.password?.message} hint={`${PASSWORD_MIN_LENGTH}文字以上で、英字と数字を組み合わせてください。`}>
            {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <FormField label="新しいパスワード（確認）" required error={errors.password_confirmation?.message}>
            {(control) => <input {...control} {...register('password_confirmation')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <SubmitButton busy={mutation.isPending} label="パスワードを再設定" busyLabel="設定中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
