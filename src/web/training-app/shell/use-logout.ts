import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { trainingPaths } from '../../../common/training-routes';
import { logout } from '../../auth/auth-api';
import { signOutLocally } from '../../auth/auth-store';

/** SPEC §4: logout clears the session here even when the server call fails. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: logout,
    // A request still running with the old token would come back 401 after the logout.
    onMutate: () => queryClient.cancelQueries(),
    onError: (error) => console.error('Logout call failed; signing out locally', error),
    onSettled: () => {
      signOutLocally();
      queryClient.clear();
      void navigate(trainingPaths.login, { replace: true, state: { loggedOut: true } });
    },
  });
  return { logout: () => mutation.mutate(), pending: mutation.isPending };
}
