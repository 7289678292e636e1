// The companies calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
import type { QueryKey } from '@tanstack/react-query';
import { getGetDashboardQueryKey } from '@/api/gen/account/account';
import { getGetCompanyLogoQueryKey, getGetCompanyQueryKey, getListCompaniesQueryKey } from '@/api/gen/companies/companies';

export {
  createCompany,
  updateCompany,
  useGetCompany,
  useListCompanies,
} from '@/api/gen/companies/companies';

/** What saving company `id` makes stale: the lists (and the names other screens show), the
 * company with its logo, and the dashboard's count. */
export function companyKeys(id: string): QueryKey[] {
  return [getListCompaniesQueryKey(), getGetCompanyQueryKey(id), getGetCompanyLogoQueryKey(id), getGetDashboardQueryKey()];
}
