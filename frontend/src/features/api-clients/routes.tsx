// The API clients screen: the super admin's alone, so it exists only under /main.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const ApiClientsPage = lazyNamed(() => import('./components/api-clients-page'), 'ApiClientsPage');

export function apiClientRoutes(): RouteObject[] {
  return [{ path: 'main/apiClients', element: <ApiClientsPage /> }];
}
