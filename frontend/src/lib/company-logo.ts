// A company's logo as the screens show it: the company's own pages and the header of its people.
import { useQuery } from '@tanstack/react-query';
import { getGetCompanyLogoQueryKey, getGetCompanyLogoUrl } from '@/api/gen/companies/companies';
import { fetchImage } from './fetch-image';

/** The logo as a data URL, or null when the company has none; nothing is asked for `''`. */
export function useCompanyLogo(id: string) {
  return useQuery({
    queryKey: getGetCompanyLogoQueryKey(id),
    enabled: id !== '',
    queryFn: ({ signal }) => fetchImage(getGetCompanyLogoUrl(id), signal),
  });
}
