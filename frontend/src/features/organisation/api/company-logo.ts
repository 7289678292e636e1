// A company's logo travels as raw image bytes, which the generated client (JSON bodies, text
// answers) cannot carry: it is sent with fetch here (and read by src/lib/company-logo.ts).
import { getPutCompanyLogoUrl } from '@/api/gen/companies/companies';
import { apiFetch } from '@/lib/api-client';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const LOGO_MAX_BYTES = 256 * 1024;

export function uploadLogo(id: string, file: File): Promise<void> {
  return apiFetch(getPutCompanyLogoUrl(id), {
    method: 'PUT',
    headers: { 'Content-Type': file.type },
    body: file,
  });
}
