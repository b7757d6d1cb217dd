import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { passwordEmailSchema } from '../../../common/account.schema';
import { accountMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { authErrorMessage, sendPasswordResetMail } from '../../auth/auth-api';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { GuestCard } from '../components/guest-card';

type Outcome = { tone: 'success' | 'error'; message: string };

export function Component() {
  const { register, handleSubmit, setFocus, formState } = useForm<{ email: string }, unknown, { email: string }>({
    resolver: zodResolver(passwordEmailSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: sendPasswordResetMail });

  const onValid = ({ email }: { email: string }) => {
    setOutcome(null);
    mutation.mutate(email, {
      // The same answer whether or not the address has an account (never reveal which).
      onSuccess: (result) => setOutcome({ tone: 'success', message: result.message || m.resetMailSent }),
      onError: (error) => setOutcome({ tone: 'error', message: authErrorMessage(error, m.resetMailFailed) }),
      onSettled: () => window.setTimeout(() => outcomeRef.current?.focus(), 0),
    });
  };

  return (
    <GuestCard
      title="パスワードをお忘れの方"
      lead="ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。"
      footer={
        <p>
          <Link to={trainingPaths.login}>ログイン画面に戻る</Link>
        </p>
      }
    >
      {outcome && (
        <AlertBox ref={outcomeRef} tone={outcome.tone} title={outcome.tone === 'success' ? '送信手続きが完了しました' : m.errorBoxTitle}>
          <p>{outcome.message}</p>
          {outcome.tone === 'success' && <p>メールが届かない場合は、迷惑メールフォルダもご確認ください。</p>}
        </AlertBox>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, () => setFocus('email'))} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">メールアドレス</legend>
          <FormField label="メールアドレス" required error={formState.errors.email?.message}>
            {(control) => <input {...control} {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" />}
          </FormField>
          <SubmitButton busy={mutation.isPending} label="再設定メールを送信" busyLabel="送信中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
