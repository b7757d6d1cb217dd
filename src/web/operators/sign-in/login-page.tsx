import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import type { LoginValues } from '../../../common/account.schema';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { apiErrorMessage } from '../../lib/api-error-message';
import { GuestCard } from '../../training-app/components/guest-card';
import { login } from '../api/operator-api';
import type { OperatorLoginAnswer } from '../../../common/operator.schema';
import { loginSchema } from './sign-in-schemas';
import { TotpStep } from './totp-step';

type ArrivalState = { setupDone?: boolean; email?: string; loggedOut?: boolean } | null;

/** Email and password first; then the second factor (set up on the first sign-in). */
export function Component() {
  const arrival = useLocation().state as ArrivalState;
  const [searchParams] = useSearchParams();
  const [challenge, setChallenge] = useState<OperatorLoginAnswer | null>(null);
  const [restartNote, setRestartNote] = useState<string | null>(null);

  if (challenge) {
    return (
      <TotpStep
        challenge={challenge}
        onRestart={(reason) => {
          setRestartNote(reason);
          setChallenge(null);
        }}
      />
    );
  }

  const notice = restartNote
    ? { tone: 'error' as const, text: restartNote }
    : arrival?.setupDone
      ? { tone: 'success' as const, text: t.setupDone }
      : arrival?.loggedOut
        ? { tone: 'success' as const, text: t.loggedOut }
        : searchParams.get('expired')
          ? { tone: 'info' as const, text: t.sessionEnded }
          : null;
  return <PasswordStep initialEmail={arrival?.email ?? ''} notice={notice} onChallenge={setChallenge} />;
}

type PasswordStepProps = {
  initialEmail: string;
  notice: { tone: 'success' | 'error' | 'info'; text: string } | null;
  onChallenge: (challenge: OperatorLoginAnswer) => void;
};

function PasswordStep({ initialEmail, notice, onChallenge }: PasswordStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, { email: string; password: string }>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: initialEmail, password: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const mutation = useMutation({ mutationFn: (values: { email: string; password: string }) => login(values.email, values.password) });

  const onValid = (values: { email: string; password: string }) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: onChallenge,
      onError: (error) => {
        setFailure(apiErrorMessage(error, t.loginFailed));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };

  return (
    <GuestCard title={t.loginTitle} lead={t.loginLead}>
      <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">ログイン情報</legend>
          {notice && !failure && (
            <AlertBox tone={notice.tone} live={notice.tone !== 'info'}>
              <p>{notice.text}</p>
            </AlertBox>
          )}
          {failure && (
            <AlertBox ref={failureRef} tone="error" title={t.loginFailed}>
              <p>{failure}</p>
            </AlertBox>
          )}
          <FormField label="メールアドレス" required error={errors.email?.message}>
            {(control) => <input {...control} {...register('email')} type="email" className="input" autoComplete="username" inputMode="email" />}
          </FormField>
          <FormField label="パスワード" required error={errors.password?.message}>
            {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="current-password" />}
          </FormField>
          <SubmitButton busy={mutation.isPending} label="次へ" busyLabel="確認中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
