import { useQuery, useQueryClient } from '@tanstack/react-query';
import { protectionApi } from '../../api';
import { useSession } from '../auth';

/** `safe/protection`: the authenticator, the anti-phishing code and the address allow-list. */
export function useProtection() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['user', 'protection', token],
    queryFn: ({ signal }) => protectionApi.view({ signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** `user/sessions`: the live sessions of the account. */
export function useSessions() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['user', 'sessions', token],
    queryFn: ({ signal }) => protectionApi.sessions({ signal }),
    enabled: token !== null,
  });
}

/** `user/login_history`, one page of 20. */
export function useLoginHistory(page: number) {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ['user', 'login-history', token, page],
    queryFn: ({ signal }) => protectionApi.loginHistory(page, { signal }),
    enabled: token !== null,
  });
}

/** Reloads every protection view (and the security centre, whose strength the authenticator raises). */
export function useRefreshProtection() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['user'] });
}
