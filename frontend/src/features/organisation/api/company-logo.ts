// A company's logo travels as raw image bytes, which the generated client (JSON bodies, text
// answers) cannot carry: it is read and sent with fetch here.
import { useQuery } from '@tanstack/react-query';
import { getGetCompanyLogoQueryKey, getGetCompanyLogoUrl, getPutCompanyLogoUrl } from '@/api/gen/companies/companies';
import { apiFetch } from '@/lib/api-client';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const LOGO_MAX_BYTES = 256 * 1024;

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL always yields a string.
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the logo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The logo as a data URL (which needs no clean-up), or null when the company has none. */
export function useCompanyLogo(id: string) {
  const url = getGetCompanyLogoUrl(id);
  return useQuery({
    queryKey: getGetCompanyLogoQueryKey(id),
    enabled: id !== '',
    queryFn: async ({ signal }) => {
      // A read: the session cookie is all it needs.
      const response = await fetch(url, { signal });
      // 204: the company has no logo (an answer, not an error the console would show).
      return response.status === 200 ? asDataUrl(await response.blob()) : null;
    },
  });
}

export function uploadLogo(id: string, file: File): Promise<void> {
  return apiFetch(getPutCompanyLogoUrl(id), {
    method: 'PUT',
    headers: { 'Content-Type': file.type },
    body: file,
  });
}
