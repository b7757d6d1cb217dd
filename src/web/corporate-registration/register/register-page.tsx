import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { trainingPaths } from '../../../common/training-routes';
import { sendConfirmation } from '../shared/registration-api';
import { sendConfirmationFailure } from '../shared/registration-errors';
import { RegistrationLayout } from '../shared/registration-layout';
import { ConfirmationSent } from './confirmation-sent';
import { EmailStepForm } from './email-step-form';
import { RegisterAside } from './register-aside';

/** SPEC §2.2 steps 1 and 2 on one page: the form, then the "mail sent" view. */
export function RegisterPage() {
  const titleId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const [resendNote, setResendNote] = useState<string | null>(null);
  const resend = useMutation({ mutationFn: sendConfirmation });

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
