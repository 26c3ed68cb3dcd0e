import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userApi } from '../../api';
import { profileOf } from './flows';
import { saveProfile, useSession } from './session';

/**
 * While a token is stored, reads `user/info` once per page load (and every few minutes): the
 * profile stays fresh, and a token the server no longer knows ends in the 999 flow (toast, login).
 */
export function useSessionRefresh(): void {
  const token = useSession((state) => state.token);
  const info = useQuery({
    queryKey: ['user', 'info', token],
    queryFn: ({ signal }) => userApi.info({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!info.data) return;
    const session = useSession.getState();
    if (!session.token) return;
    saveProfile(profileOf(info.data, { account: session.accountNum, isVistor: session.isVistor }));
  }, [info.data]);
}
