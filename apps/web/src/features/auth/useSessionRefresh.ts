import { useEffect } from 'react';
import { profileOf } from './flows';
import { useUserInfo } from './queries';
import { saveProfile, useSession } from './session';

/**
 * While a token is stored, reads `user/info` once per page load (and every few minutes): the
 * profile stays fresh, and a token the server no longer knows ends in the 999 flow (toast, login).
 */
export function useSessionRefresh(): void {
  const info = useUserInfo();
  useEffect(() => {
    if (!info.data) return;
    const session = useSession.getState();
    if (!session.token) return;
    saveProfile(profileOf(info.data, { account: session.accountNum, isVistor: session.isVistor }));
  }, [info.data]);
}
