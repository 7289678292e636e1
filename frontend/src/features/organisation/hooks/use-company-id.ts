// The company a company screen shows: the super admin picks one (`?id=`), a company admin only
// ever sees their own, which the session stores nowhere, so it comes from GET /me.
import { useGetMe } from '../api/account';
import { useAdminPrefix } from './use-admin-prefix';
import { useIdParam } from './use-id-param';

export function useCompanyId(): string | undefined {
  const prefix = useAdminPrefix();
  const idParam = useIdParam();
  const me = useGetMe({ query: { enabled: prefix === 'companyadmin' } });
  return prefix === 'main' ? idParam : (me.data?.company_id ?? undefined);
}
