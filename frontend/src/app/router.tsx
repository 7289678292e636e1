// The route table (paths as the seed names them) and the browser router that shows it. The app
// uses none of a data router's features (loaders, actions, blockers), so it routes with
// `BrowserRouter`, whose code is 16 kB (gzip) smaller on every first load; tests keep a memory
// data router over the same table for its inspectable state.
import { isValidElement, Suspense } from 'react';
import { BrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { TopProgressBar } from '@/components/top-progress-bar';
import { apiClientRoutes } from '@/features/api-clients/routes';
import { catalogueRoutes } from '@/features/catalogue/routes';
import { gameAppRoutes } from '@/features/game-apps/routes';
import { PublicLayout } from '@/features/auth/components/public-layout';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { SessionWatch } from '@/features/auth/components/session-watch';
import { gameSignInRoutes } from '@/features/game-sign-in/routes';
import { licenceRoutes } from '@/features/licences/routes';
import { organisationRoutes } from '@/features/organisation/routes';
import { peopleRoutes } from '@/features/people/routes';
import { profileRoutes } from '@/features/profile/routes';
import { reportRoutes } from '@/features/reports/routes';
import { ssoConnectionRoutes } from '@/features/sso-connections/routes';
import { needTexts } from '@/lib/i18n';
import { lazyNamed, type Preloadable } from '@/lib/lazy-named';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/paths';
import { landingPath, useSessionKnown } from '@/lib/session';
import { loadDashboardPage, loadSignedInFrame, loadSignInPage } from './landing-screens';


const SignInPage = lazyNamed(loadSignInPage, 'SignInPage');
const VerifyOtpPage = lazyNamed(
  () => import('@/features/auth/components/verify-otp-page'),
  'VerifyOtpPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const NewPasswordPage = lazyNamed(
  () => import('@/features/auth/components/new-password-page'),
  'NewPasswordPage',
);
const ChangePasswordLinkPage = lazyNamed(
  () => import('@/features/auth/components/new-password-page'),
  'ChangePasswordPage',
);
const ConfirmEmailPage = lazyNamed(
  () => import('@/features/auth/components/confirm-email-page'),
  'ConfirmEmailPage',
);
const SignUpPage = lazyNamed(() => import('@/features/auth/components/sign-up-page'), 'SignUpPage');
const SignUpConfirmPage = lazyNamed(
  () => import('@/features/auth/components/sign-up-confirm-page'),
  'SignUpConfirmPage',
);
const SsoCallbackPage = lazyNamed(
  () => import('@/features/auth/components/sso-callback-page'),
  'SsoCallbackPage',
);
const LogoutPage = lazyNamed(() => import('@/features/auth/components/logout-page'), 'LogoutPage');
const SessionWrongPage = lazyNamed(
  () => import('@/features/auth/components/session-wrong-page'),
  'SessionWrongPage',
);
const AccessDeniedPage = lazyNamed(
  () => import('@/features/auth/components/access-denied-page'),
  'AccessDeniedPage',
);
const SetupPage = lazyNamed(() => import('@/features/auth/components/setup-page'), 'SetupPage');
const DashboardPage = lazyNamed(loadDashboardPage, 'DashboardPage');
const ChangePasswordPage = lazyNamed(
  () => import('@/features/passwords/components/change-password-page'),
  'ChangePasswordPage',
);
const AdminPasswordPage = lazyNamed(
  () => import('@/features/passwords/components/admin-password-page'),
  'AdminPasswordPage',
);
// The signed-in frame loads with the first signed-in screen, never with the public pages, and
// so do the signed-in screens' texts.
const SignedInFrame = lazyNamed(
  () => Promise.all([loadSignedInFrame(), needTexts('signed-in')]).then(([frame]) => frame),
  'SignedInFrame',
);
const UpcomingScreenPage = lazyNamed(
  () => import('@/features/shell/components/upcoming-screen-page'),
  'UpcomingScreenPage',
);

/** The admin screens of a role's prefix, each feature contributing its own. */
function adminRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return [
    ...organisationRoutes(prefix),
    ...peopleRoutes(prefix),
    ...licenceRoutes(prefix),
    ...reportRoutes(prefix),
    ...ssoConnectionRoutes(prefix),
  ];
}

/** `/` decides at navigation time, since sign-in changes the answer without a reload, once the
 * tab knows whether the browser holds a session. */
function RootRedirect() {
  const known = useSessionKnown();
  return known ? <Navigate to={landingPath()} replace /> : <TopProgressBar />;
}

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <SessionWatch />
        <Suspense fallback={<TopProgressBar />}>
          <Outlet />
        </Suspense>
      </>
    ),
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <SignInPage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'verify-otp', element: <VerifyOtpPage /> },
          { path: 'auth/sso/callback', element: <SsoCallbackPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'new-password', element: <NewPasswordPage /> },
          { path: 'change-password', element: <ChangePasswordLinkPage /> },
          { path: 'invitation/confirm-email', element: <ConfirmEmailPage /> },
          { path: 'signup', element: <SignUpPage /> },
          { path: 'signup/confirm', element: <SignUpConfirmPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'session-wrong', element: <SessionWrongPage /> },
          { path: 'access-denied', element: <AccessDeniedPage /> },
          { path: 'setup', element: <SetupPage /> },
          ...gameSignInRoutes(),
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SignedInFrame />,
            children: [
              { path: 'dashboard/crm', element: <DashboardPage /> },
              {
                element: <RequireAuth role="SUPER_ADMIN" />,
                children: [
                  { path: 'main/admin/resetpassword', element: <AdminPasswordPage /> },
                  ...adminRoutes('main'),
                  ...apiClientRoutes(),
                  ...gameAppRoutes(),
                  ...catalogueRoutes(),
                  ...profileRoutes('main'),
                  { path: 'main/*', element: <UpcomingScreenPage /> },
                ],
              },
              {
                element: <RequireAuth role="COMPANY_ADMIN" />,
                children: [
                  { path: 'companyadmin/admin/resetpassword', element: <AdminPasswordPage /> },
                  ...adminRoutes('companyadmin'),
                  ...profileRoutes('companyadmin'),
                  { path: 'companyadmin/*', element: <UpcomingScreenPage /> },
                ],
              },
              {
                element: <RequireAuth role="USER" />,
                children: [
                  { path: 'user/resetpassword', element: <ChangePasswordPage /> },
                  ...reportRoutes('user'),
                  ...profileRoutes('user'),
                  { path: 'user/*', element: <UpcomingScreenPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={DEFAULT_SIGNED_IN_PATH} replace /> },
    ],
  },
];

/** Starts loading the code of the screens `pathname` shows, so that it arrives alongside the
 * translations rather than after the first render asks for it. */
export function preloadScreens(pathname: string): Promise<unknown> {
  const matched = matchRoutes(routes, pathname) ?? [];
  const screens = matched.map(({ route }) => (isValidElement(route.element) ? route.element.type : undefined));
  return Promise.all(screens.filter(isPreloadable).map((screen) => screen.preload()));
}

function isPreloadable(type: unknown): type is Preloadable {
  return typeof type === 'function' && 'preload' in type;
}

/** The screens of the route table at the router's address (the browser's, or the prerender's). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
