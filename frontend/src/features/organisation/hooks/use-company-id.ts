// The company a company screen shows: the super admin picks one (`?id=`), a company admin only
// ever sees their own, which the session stores nowhere, so it comes from GET /me.
import { useGetMe } from '../api/account';
import { useAdminPrefix } from './use-admin-prefix';
import { useIdParam } from './use-id-param';

/** `id`: the company, once known; `missing`: the super admin's URL names none. */
export function useCompanyId(): { id: string | undefined; missing: boolean } {
  const prefix = useAdminPrefix();
  const idParam = useIdParam();
  const me = useGetMe({ query: { enabled: prefix === 'companyadmin' } });
  if (prefix === 'main') return { id: idParam ?? undefined, missing: idParam === null };
  return { id: me.data?.company_id ?? undefined, missing: false };
}
