import { useQuery } from '@tanstack/react-query';
import { securityApi, userApi } from '../../api';
import { useSession } from './session';

/** `user/info` of the signed-in user, shared by the header refresh and the account screens. */
export function useUserInfo() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['user', 'info', token],
    queryFn: ({ signal }) => userApi.info({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `user/center`: the security centre and the identity review state. */
export function useUserCenter() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['user', 'center', token],
    queryFn: ({ signal }) => securityApi.center({ signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** Whether the signed-in user bound an authenticator: guarded forms then ask for its code. */
export function useAuthenticatorBound(): boolean {
  return useUserCenter().data?.google_bind === 1;
}
