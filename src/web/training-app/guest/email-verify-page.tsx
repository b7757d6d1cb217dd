import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { accountMessages as m } from '../../../common/messages';
import { trainingPaths } from '../../../common/training-routes';
import { authErrorMessage, verifyEmailChange } from '../../auth/auth-api';
import { useAuthState } from '../../auth/auth-store';
import { readAuthToken } from '../../auth/token-storage';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { GuestCard } from '../components/guest-card';

/**
 * The link mailed to an address to confirm it: after a profile change (PUT /api/auth/profile) or
 * a direct registration (POST /api/auth/register/*). The server's answer says which.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuthState();
  const verify = useQuery({
    queryKey: ['auth', 'email-verify', token],
    queryFn: () => verifyEmailChange(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const signedIn = auth.status === 'signed-in' || readAuthToken() !== null;
  // A confirmed registration opens the features that waited for it; an address change leads back to the account.
  const registrationConfirmed = verify.data?.message === m.emailConfirmed;
  const next = signedIn ? (
    <Link className="button button--primary" to={registrationConfirmed ? trainingPaths.dashboard : trainingPaths.account}>
      {registrationConfirmed ? 'ダッシュボードへ' : 'アカウント画面へ'}
    </Link>
  ) : (
    <Link className="button button--primary" to={trainingPaths.login}>
      ログインする
    </Link>
  );

  let body;
  if (!token) {
    body = (
      <AlertBox tone="error" title="確認できませんでした">
        <p>{m.emailChangeTokenInvalid}</p>
      </AlertBox>
    );
  } else if (verify.isPending) {
    body = <Spinner label="メールアドレスを確認しています..." />;
  } else if (verify.isError) {
    body = (
      <AlertBox tone="error" title="確認できませんでした">
        <p>{authErrorMessage(verify.error, m.emailChangeTokenInvalid)}</p>
      </AlertBox>
    );
  } else {
    body = (
      <AlertBox tone="success" title="確認が完了しました">
        <p>{verify.data.message || m.emailChanged}</p>
        {verify.data.email && <p>メールアドレス：{verify.data.email}</p>}
      </AlertBox>
    );
  }

  return (
    <GuestCard title="メールアドレスの確認">
      <div className="ta-verify">{body}</div>
      {!verify.isPending || !token ? next : null}
    </GuestCard>
  );
}
