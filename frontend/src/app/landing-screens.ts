// The screens most visits open first: the sign-in form and the dashboard. The entry starts
// loading their code alongside the app's own, rather than one round trip after the router ran.
import { DEFAULT_SIGNED_IN_PATH, LOGIN_PATH, SIGN_IN_PATH } from '@/lib/paths';

export const loadSignInPage = () => import('@/features/auth/components/sign-in-page');
export const loadSignedInFrame = () => import('./signed-in-frame');
export const loadDashboardPage = () => import('@/features/shell/components/dashboard-page');

const LANDING: Record<string, () => Promise<unknown>[]> = {
  [LOGIN_PATH]: () => [loadSignInPage()],
  [SIGN_IN_PATH]: () => [loadSignInPage()],
  [DEFAULT_SIGNED_IN_PATH]: () => [loadSignedInFrame(), loadDashboardPage()],
};

/** Starts loading the code of `pathname`'s screen when it is a landing one. */
export function preloadLandingScreen(pathname: string): Promise<unknown> {
  return Promise.all(LANDING[pathname]?.() ?? []);
}
