import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema, type LoginValues } from '../../../common/account.schema';
import { accountMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { authErrorMessage, login } from '../../auth/auth-api';
import { signIn } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { GuestCard } from '../components/guest-card';

const FIELD_ORDER = ['email', 'password'] as const;

export function Component() {
  const navigate = useNavigate();
  // Set by the logout action, so the person sees that signing out worked.
  const loggedOut = (useLocation().state as { loggedOut?: boolean } | null)?.loggedOut === true;
  const { register, handleSubmit, setFocus, formState } = useForm<LoginValues, unknown, { email: string; password: string }>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: (values: { email: string; password: string }) => login(values.email, values.password) });

  const onValid = (values: { email: string; password: string }) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: (session) => {
        signIn(session.token, session.user, session.tenant);
        void navigate(trainingPaths.dashboard, { replace: true });
      },
      onError: (error) => {
        setFailure(authErrorMessage(error, m.loginFailed));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<LoginValues>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  return (
    <GuestCard
      title="ログイン"
      lead="登録済みのメールアドレスとパスワードを入力してください。"
      footer={
        <p>
          アカウントをお持ちでない方は <a href={trainingPaths.register}>新規登録（無料）</a>
        </p>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">ログイン情報</legend>
          {loggedOut && !failure && !mutation.isPending && <AlertBox tone="success">{m.loggedOut}</AlertBox>}
          {failure && (
            <AlertBox ref={failureRef} tone="error" title="ログインできませんでした">
              <p>{failure}</p>
            </AlertBox>
          )}
          <FormField label="メールアドレス" required error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} type="email" className="input" autoComplete="username" inputMode="email" />}
          </FormField>
          <FormField label="パスワード" required error={errors.password?.message}>
            {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="current-password" />}
          </FormField>
          <p className="ta-forgot-link">
            <Link to={trainingPaths.passwordForgot}>パスワードをお忘れの方</Link>
          </p>
          <SubmitButton busy={mutation.isPending} label="ログイン" busyLabel="ログイン中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
