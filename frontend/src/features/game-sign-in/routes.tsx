// A game's sign-in: public, in the public frame, since the visitor may not be signed in yet.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';

const AuthorizePage = lazyNamed(() => import('./components/authorize-page'), 'AuthorizePage');

export function gameSignInRoutes(): RouteObject[] {
  return [{ path: 'oauth/authorize', element: <AuthorizePage /> }];
}
