import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { trainingPaths } from '../../../common/training-routes';
import { logout } from '../../auth/auth-api';
import { signOutLocally, type AuthState } from '../../auth/auth-store';
import { RegistrationLayout } from '../shared/registration-layout';

type SignedInNoticeProps = { auth: AuthState; onSignedOut: () => void };

/** /corporate/register for a visitor who is signed in: on to the dashboard, or log out to register another address. */
export function SignedInNotice({ auth, onSignedOut }: SignedInNoticeProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: logout,
    // SPEC §4: the sign-in ends here even when the server call fails.
    onError: (error) => console.error('Logout call failed; signing out locally', error),
    onSettled: () => {
      signOutLocally();
      queryClient.clear();
      onSignedOut();
    },
  });
  const email = auth.user?.email ?? '';
  const organization = auth.tenant?.company_name;

  return (
    <RegistrationLayout titleId={titleId} title="法人アカウント登録">
      <div className="reg-signed-in">
        <h2 className="reg-main__title">すでにログインしています</h2>
        <p className="reg-signed-in__who">
          {organization ? (
            <>
              <strong>{organization}</strong>の管理者として、<span className="reg-signed-in__email">{email}</span> でログインしています。
            </>
          ) : (
            <>
              <span className="reg-signed-in__email">{email}</span> でログインしています。
            </>
          )}
        </p>
        <p className="reg-main__lead">
          訓練の準備や結果の確認はダッシュボードから行えます。別の組織を登録する場合は、ログアウトしてから別のメールアドレスでお手続きください。
        </p>
        <div className="reg-signed-in__actions">
          <a className="button button--primary button--large" href={trainingPaths.dashboard}>
            ダッシュボードへ進む
          </a>
          <button type="button" className="button button--ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? 'ログアウト中...' : 'ログアウトして別のアドレスで登録'}
          </button>
        </div>
      </div>
    </RegistrationLayout>
  );
}
