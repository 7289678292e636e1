// Sends a picked catalogue file itself as the body of the import's preview and of the import:
// the generated calls take a parsed JSON file only and would send a CSV as a JSON string. The
// import makes the catalogue stale.
import { useMutation } from '@tanstack/react-query';
import { getImportCatalogueUrl, getPreviewCatalogueImportUrl } from '@/api/gen/catalogue/catalogue';
import type { ImportPlan } from '@/api/gen/playtrack.schemas';
import { apiFetch, type ApiError } from '@/lib/api-client';
import { useInvalidate } from '@/lib/use-invalidate';
import { CATALOGUE_KEY } from './catalogue';

/** The server takes at most this much (413 `PAYLOAD_TOO_LARGE` above). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** The type the body is sent as: by the file's extension, since browsers give a `.csv` various
 * types (or none); the server reads the content whatever it is told. */
function contentType(file: File): string {
  return /\.json$/i.test(file.name) || file.type === 'application/json' ? 'application/json' : 'text/csv';
}

async function sendFile(url: string, file: File): Promise<ImportPlan> {
  return apiFetch<ImportPlan>(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType(file) },
    // The bytes rather than the File: every fetch (the tests' too) sends an ArrayBuffer as is.
    body: await file.arrayBuffer(),
  });
}

/** What importing `file` would do, entry by entry; writes nothing. */
export function usePreviewCatalogueImport() {
  return useMutation<ImportPlan, ApiError, File>({
    mutationFn: (file) => sendFile(getPreviewCatalogueImportUrl(), file),
  });
}

/** Imports `file` all or nothing. */
export function useImportCatalogue() {
  const invalidate = useInvalidate();
  return useMutation<ImportPlan, ApiError, File>({
    mutationFn: (file) => sendFile(getImportCatalogueUrl(), file),
    onSuccess: () => invalidate(CATALOGUE_KEY),
  });
}
