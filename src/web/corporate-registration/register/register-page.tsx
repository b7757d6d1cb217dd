import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { trainingPaths } from '../../../common/training-routes';
import { looksSignedIn, useResolvedAuthState } from '../../auth/auth-store';
import { Spinner } from '../../components/spinner';
import { sendConfirmation } from '../shared/registration-api';
import { sendConfirmationFailure } from '../shared/registration-errors';
import { RegistrationLayout } from '../shared/registration-layout';
import { ConfirmationSent } from './confirmation-sent';
import { EmailStepForm } from './email-step-form';
import { RegisterAside } from './register-aside';
import { SignedInNotice } from './signed-in-notice';

/**
 * A visitor who is already signed in gets the way to the dashboard (or to log out and register
 * another address) instead of the sign-up form; guests get the registration steps.
 */
export function RegisterPage() {
  const auth = useResolvedAuthState();
  const [signedOutHere, setSignedOutHere] = useState(false);
  if (auth.status === 'signed-in') return <SignedInNotice auth={auth} onSignedOut={() => setSignedOutHere(true)} />;
  if (looksSignedIn(auth)) return <CheckingSignIn />;
  return <RegisterSteps signedOutHere={signedOutHere} />;
}

/** While the stored sign-in is being checked (a moment): neither the form nor the notice, to avoid showing the wrong one. */
function CheckingSignIn() {
  const titleId = useId();
  return (
    <RegistrationLayout titleId={titleId} title="法人アカウント登録">
      <div className="reg-checking">
        <Spinner label="ログイン状態を確認しています..." />
      </div>
    </RegistrationLayout>
  );
}

/** SPEC §2.2 steps 1 and 2 on one page: the form, then the "mail sent" view. */
function RegisterSteps({ signedOutHere }: { signedOutHere: boolean }) {
  const titleId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const [resendNote, setResendNote] = useState<string | null>(null);
  const resend = useMutation({ mutationFn: sendConfirmation });

  // Back from logging out on the signed-in notice: the button that had focus is gone, so the page title takes it.
  useEffect(() => {
    if (signedOutHere) document.getElementById(titleId)?.focus();
  }, [signedOutHere, titleId]);

  useEffect(() => {
    document.title = sentTo ? '確認メールを送信しました｜キヅキ' : '法人アカウント登録｜キヅキ';
  }, [sentTo]);

  const doResend = () => {
    if (!sentTo) return;
    setResendNote(null);
    resend.mutate(sentTo, {
      onSuccess: () => setResendNote('確認メールを再送信しました。最新のメールのリンクをご利用ください。'),
      onError: (error) => setResendNote(sendConfirmationFailure(error).general ?? sendConfirmationFailure(error).fields.email ?? null),
    });
  };

  return (
    <RegistrationLayout
      step={sentTo ? 2 : 1}
      titleId={titleId}
      title="法人アカウント登録"
      lead="メールアドレスを登録するだけで、フィッシング訓練を無料で始められます。"
      aside={<RegisterAside />}
    >
      {sentTo ? (
        <ConfirmationSent
          email={sentTo}
          resending={resend.isPending}
          resendNote={resendNote}
          onResend={doResend}
          onChangeAddress={() => {
            setResendNote(null);
            setSentTo(null);
          }}
        />
      ) : (
        <>
          {signedOutHere && (
            <p className="reg-main__signed-out" role="status">
              ログアウトしました。新しく登録するメールアドレスをご入力ください。
            </p>
          )}
          <h2 className="reg-main__title">メールアドレスの登録</h2>
          <p className="reg-main__lead">ご入力のメールアドレスに、アカウント情報の入力ページへのリンクをお送りします。</p>
          <EmailStepForm
            defaultEmail={lastEmail}
            onSent={(email) => {
              setLastEmail(email);
              setSentTo(email);
            }}
          />
          <p className="reg-main__footer">
            すでにアカウントをお持ちの方は <a href={trainingPaths.login}>ログイン</a>
          </p>
        </>
      )}
    </RegistrationLayout>
  );
}
