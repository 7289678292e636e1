// The SSO connections screen: the super admin's list of every company's connection under
// /main, and a company admin's own company's connection under /companyadmin.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const SsoConnectionsPage = lazyNamed(() => import('./components/sso-connections-page'), 'SsoConnectionsPage');
const OwnSsoConnectionPage = lazyNamed(() => import('./components/own-sso-connection-page'), 'OwnSsoConnectionPage');

export function ssoConnectionRoutes(prefix: 'main' | 'companyadmin'): RouteObject[] {
  return prefix === 'main'
    ? [{ path: 'main/ssoConnections', element: <SsoConnectionsPage /> }]
    : [{ path: 'companyadmin/ssoConnection', element: <OwnSsoConnectionPage /> }];
}
