// Sends the picked file itself as the body of the import preview: the generated
// `previewUserImport` takes the body as an array of numbers and would send it as JSON.
import type { ImportPreview, PreviewUserImportParams } from '@/api/gen/playtrack.schemas';
import { getPreviewUserImportUrl } from '@/api/gen/users/users';
import { apiFetch } from '@/lib/api-client';

export async function previewImport(file: File, params: PreviewUserImportParams): Promise<ImportPreview> {
  return apiFetch<ImportPreview>(getPreviewUserImportUrl(params), {
    method: 'POST',
    // The server tells CSV from XLSX by the content itself.
    headers: { 'Content-Type': file.type || 'text/csv' },
    // The bytes rather than the File: every fetch (the tests' too) sends an ArrayBuffer as is.
    body: await file.arrayBuffer(),
  });
}
