import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/session';

export const LOGIN_PATH = '/components/login';

/** Pages that need a session send visitors without a token to the login screen. */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  const location = useLocation();
  if (!token) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** `/login` and other old aliases: the same screen under its canonical path, query kept. */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: to, search: location.search }} replace />;
}
