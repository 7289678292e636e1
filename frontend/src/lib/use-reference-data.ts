// Companies and batches of the caller's scope, for the selects and for showing names where the
// API answers ids. One page of the largest size covers a portal's companies and batches.
import { useListBatches } from '@/api/gen/batches/batches';
import { useListCompanies } from '@/api/gen/companies/companies';

const ALL = { per_page: 200, sort: 'name', order: 'asc' } as const;

function byId(items: readonly { id: string; name: string }[] | undefined): Map<string, string> {
  return new Map((items ?? []).map(({ id, name }) => [id, name]));
}

/** The companies the caller may see (a company admin: their own), in name order. */
export function useCompanies(enabled = true) {
  const query = useListCompanies(ALL, { query: { enabled } });
  const companies = query.data?.items ?? [];
  return { companies, names: byId(companies), loading: query.isPending && enabled };
}

/** The batches of `companyId` (all batches of the scope when undefined), in name order. */
export function useBatches(companyId?: string, enabled = true) {
  const query = useListBatches({ ...ALL, company_id: companyId }, { query: { enabled } });
  const batches = query.data?.items ?? [];
  return { batches, names: byId(batches), loading: query.isPending && enabled };
}
