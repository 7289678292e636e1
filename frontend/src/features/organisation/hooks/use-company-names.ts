// The super admin's batch screens name and pick companies; a company admin's batches are all
// their own company's, so they never ask (the list would hold one entry anyway).
import { useListCompanies } from '../api/companies';

/** The server's page limit. */
const ALL = { per_page: 200, sort: 'name', order: 'asc' } as const;

export function useCompanyNames(enabled: boolean) {
  const companies = useListCompanies(ALL, { query: { enabled } }).data?.items ?? [];
  return {
    companies,
    nameOf: (id: string) => companies.find((company) => company.id === id)?.name ?? '',
  };
}
