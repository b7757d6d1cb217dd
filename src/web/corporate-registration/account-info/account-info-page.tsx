import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { INVALID_TOKEN_REDIRECT_MS } from '../../../common/limits';
import { accountMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { verifyRegistrationToken } from '../shared/registration-api';
import { isTokenInvalid } from '../shared/registration-errors';
import { RegistrationLayout } from '../shared/registration-layout';
import { AccountInfoForm } from './account-info-form';
import { isRegistrationCompleted } from './registration-completed';
import { SecurityTips } from './security-tips';

const REDIRECT_SECONDS = Math.round(INVALID_TOKEN_REDIRECT_MS / 1000);

/** SPEC §2.2 step 3: checks the mailed link first, then asks for organisation and password. */
export function AccountInfoPage({ token, initialEmail }: { token: string; initialEmail: string }) {
  const titleId = useId();
  const [tokenRejected, setTokenRejected] = useState(token === '');
  const verify = useQuery({
    queryKey: ['corporate-registration', 'verify', token],
    queryFn: ({ signal }) => verifyRegistrationToken(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // A link opened again after its registration was completed: say so and offer the login, rather
  // than calling the link invalid and asking for a new mail.
  const completed = !tokenRejected && isRegistrationCompleted(verify.error);
  // Any other refusal (4xx) means the link cannot be used; a dropped connection or a 5xx is not the
  // link's fault and offers a retry instead of sending the visitor away.
  const invalid =
    !completed && (tokenRejected || (verify.error instanceof ApiError && (isTokenInvalid(verify.error) || (verify.error.status >= 400 && verify.error.status < 500))));

  useEffect(() => {
    document.title = 'アカウント情報の入力｜キヅキ';
  }, []);

  useEffect(() => {
    if (!invalid) return;
    const timer = window.setTimeout(() => window.location.assign(trainingPaths.register), INVALID_TOKEN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [invalid]);

  let content;
  if (completed) {
    content = (
      <AlertBox tone="info" title="登録は完了しています">
        <p>{m.registrationAlreadyCompleted}</p>
        <p>
          <a className="button button--primary" href={trainingPaths.login}>
            ログイン画面へ
          </a>
        </p>
      </AlertBox>
    );
  } else if (invalid) {
    content = (
      <AlertBox tone="error" title="リンクが無効です">
        <p>{m.tokenInvalid}</p>
        <p>
          {REDIRECT_SECONDS}秒後に登録ページへ移動します。移動しない場合は<a href={trainingPaths.register}>こちら</a>から再度お手続きください。
        </p>
      </AlertBox>
    );
  } else if (verify.isPending) {
    content = (
      <div className="reg-loading">
        <Spinner label="リンクを確認しています..." />
      </div>
    );
  } else if (verify.isError) {
    content = (
      <AlertBox tone="error" title={m.errorBoxTitle}>
        <p>{m.registrationFailed}</p>
        <p>
          <button type="button" className="button button--secondary button--small" onClick={() => void verify.refetch()}>
            もう一度試す
          </button>
        </p>
      </AlertBox>
    );
  } else {
    content = (
      <>
        <h2 className="reg-main__title">組織とパスワードの設定</h2>
        <p className="reg-main__lead">メールアドレスの確認が完了しました。組織名と、ログインに使うパスワードを設定してください。</p>
        <AccountInfoForm token={token} email={verify.data.email || initialEmail} onTokenInvalid={() => setTokenRejected(true)} />
      </>
    );
  }

  return (
    <RegistrationLayout step={3} titleId={titleId} title="アカウント情報の入力" aside={completed ? undefined : <SecurityTips />}>
      {content}
    </RegistrationLayout>
  );
}
