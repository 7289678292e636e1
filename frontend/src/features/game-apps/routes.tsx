// The game apps screen: the super admin's alone, so it exists only under /main.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const GameAppsPage = lazyNamed(() => import('./components/game-apps-page'), 'GameAppsPage');

export function gameAppRoutes(): RouteObject[] {
  return [{ path: 'main/gameApps', element: <GameAppsPage /> }];
}
