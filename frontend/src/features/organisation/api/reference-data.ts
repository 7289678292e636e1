// The industries and countries calls this feature makes, from the generated client: its
// screens reach the server only through this folder. The two kinds are alike but for a
// country's ISO code, so each kind's calls are looked up by its name.
import { type QueryKey, useQuery } from '@tanstack/react-query';
import {
  createCountry,
  createIndustry,
  getListCountriesQueryKey,
  getListIndustriesQueryKey,
  listCountries,
  listIndustries,
  updateCountry,
  updateIndustry,
  useListCountries,
  useListIndustries,
} from '@/api/gen/reference-data/reference-data';
import type { ListParams } from '@/components/server-data-grid';
import { ApiError } from '@/lib/api-client';

export type ReferenceKind = 'industry' | 'country';

/** An industry or a country (only countries have an ISO code). */
export interface Reference {
  id: string;
  name: string;
  active: boolean;
  iso_code?: string;
}

/** What a reference form sends; an industry's ISO code is left out. */
export interface ReferenceValues {
  name: string;
  iso_code: string;
  active: boolean;
}

interface Page {
  items: Reference[];
  total: number;
}

interface ReferenceCalls {
  /** The list's query key, which also stands for the records found in it (see useReferenceRecord). */
  key: QueryKey;
  useList: (params: ListParams) => { data?: Page; isFetching: boolean };
  fetchPage: (params: { page: number; per_page: number }) => Promise<Page>;
  save: (id: string | undefined, values: ReferenceValues) => Promise<Reference>;
}

export const REFERENCE_CALLS: Record<ReferenceKind, ReferenceCalls> = {
  industry: {
    key: getListIndustriesQueryKey(),
    useList: useListIndustries,
    fetchPage: listIndustries,
    save: (id, { name, active }) => (id ? updateIndustry(id, { name, active }) : createIndustry({ name, active })),
  },
  country: {
    key: getListCountriesQueryKey(),
    useList: useListCountries,
    fetchPage: listCountries,
    save: (id, { name, iso_code, active }) =>
      id ? updateCountry(id, { name, iso_code, active }) : createCountry({ name, iso_code, active }),
  },
};

/** The server's page limit: reference lists are short, so one page holds them all. */
const PAGE_SIZE = 200;
const ALL = { per_page: PAGE_SIZE, sort: 'name', order: 'asc' } as const;

// Every industry and country, for a company's selects and its details. Inactive ones are
// included so a company that still names one shows it; forms offer only active ones for new choices.
export function useIndustries() {
  return useListIndustries(ALL).data?.items ?? [];
}

export function useCountries() {
  return useListCountries(ALL).data?.items ?? [];
}

/** Countries and industries have no GET-by-id endpoint: an edit screen finds its record by
 * paging through the list (a few hundred entries at most); no such id is NOT_FOUND, like a GET.
 * Its key starts with the list's, so what makes the list stale makes it stale too. */
export function useReferenceRecord(kind: ReferenceKind, id: string) {
  const { key, fetchPage } = REFERENCE_CALLS[kind];
  return useQuery({
    queryKey: [...key, 'by-id', id],
    enabled: id !== '',
    queryFn: async () => {
      for (let page = 1; ; page += 1) {
        const { items, total } = await fetchPage({ page, per_page: PAGE_SIZE });
        const found = items.find((item) => item.id === id);
        if (found) return found;
        if (items.length === 0 || page * PAGE_SIZE >= total) {
          throw new ApiError({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
        }
      }
    },
  });
}
