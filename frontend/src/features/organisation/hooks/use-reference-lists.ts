// Every industry and country, for a company's selects and its details. Inactive ones are
// included so a company that still names one shows it; forms offer only active ones for new choices.
import { useListCountries, useListIndustries } from '../api/reference-data';

/** The server's page limit: reference lists are short, so one page holds them all. */
const ALL = { per_page: 200, sort: 'name', order: 'asc' } as const;

export function useIndustries() {
  return useListIndustries(ALL).data?.items ?? [];
}

export function useCountries() {
  return useListCountries(ALL).data?.items ?? [];
}
