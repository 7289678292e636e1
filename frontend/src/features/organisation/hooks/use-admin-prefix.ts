// Which admin area the signed-in user works in: the same pages serve both prefixes, and links
// must stay inside the caller's own route group.
import { useSessionUser } from '@/lib/session';

export type AdminPrefix = 'main' | 'companyadmin';

export function useAdminPrefix(): AdminPrefix {
  return useSessionUser()?.role === 'SUPER_ADMIN' ? 'main' : 'companyadmin';
}
