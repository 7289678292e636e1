// Route guard for the signed-in area. Convenience only: the server authorises every call.
// It waits until the tab knows whether the browser holds a session, then reads the session
// when a route renders rather than subscribing to it: whoever ends a session (logout, a 401)
// also says where to go next, and the guard must not race them.
import { Navigate, Outlet } from 'react-router';
import { TopProgressBar } from '@/components/top-progress-bar';
import { ACCESS_DENIED_PATH, SIGN_IN_PATH } from '@/lib/paths';
import { getSessionUser, isSignedIn, type Role, useSessionKnown } from '@/lib/session';

interface RequireAuthProps {
  /** When set, only this role may enter (the seed's role-gated route groups). */
  role?: Role;
}

export function RequireAuth({ role }: RequireAuthProps) {
  const known = useSessionKnown();
  if (!known) return <TopProgressBar />;
  if (!isSignedIn()) return <Navigate to={SIGN_IN_PATH} replace />;
  if (role && getSessionUser()?.role !== role) return <Navigate to={ACCESS_DENIED_PATH} replace />;
  return <Outlet />;
}
