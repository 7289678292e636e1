// The screens most visits open first: the sign-in form and the dashboard. The entry starts
// loading their code alongside the app's own, rather than one round trip after the router ran.
import { loadRoleDashboard } from '@/features/shell/components/role-dashboards';
import { earlyRole } from '@/lib/early-reads';
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH, SIGN_IN_PATH } from '@/lib/paths';

export const loadSignInPage = () => import('@/features/auth/components/sign-in-page');
export const loadSignedInFrame = () => import('./signed-in-frame');
export const loadDashboardPage = () => import('@/features/shell/components/dashboard-page');

const LANDING: Record<string, () => Promise<unknown>[]> = {
  [LOGIN_PATH]: () => [loadSignInPage()],
  [SIGN_IN_PATH]: () => [loadSignInPage()],
  [DEFAULT_SIGNED_IN_PATH]: () => [loadSignedInFrame(), loadDashboardPage()],
};

/** Starts loading the code of `pathname`'s screen when it is a landing one, and on the dashboard
 * the reader's role's own as soon as the early read of /me names it. The app waits for the
 * screen's code, not the role's: the page's heading paints before the counts come. */
export function preloadLandingScreen(pathname: string): Promise<unknown> {
  if (pathname === DEFAULT_SIGNED_IN_PATH) void earlyRole().then((role) => role && loadRoleDashboard[role]());
  return Promise.all(LANDING[pathname]?.() ?? []);
}
