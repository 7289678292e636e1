// Everyone's own profile, in their role's route group.
import type { RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/lazy-named';
import { profilePath, type RolePrefix } from '@/lib/paths';

const ProfilePage = lazyNamed(() => import('./components/profile-page'), 'ProfilePage');

export function profileRoutes(prefix: RolePrefix): RouteObject[] {
  return [{ path: profilePath(prefix), element: <ProfilePage /> }];
}
