// The calls the score report screens make, from the generated client: its screens reach the
// server only through this folder.
import type { ExportScoreReportXlsxParams } from '@/api/gen/playtrack.schemas';
import { exportScoreReportXlsx } from '@/api/gen/reports/reports';

export { useGetCatalogue } from '@/api/gen/catalogue/catalogue';
export { exportScoreReportCsv, useGetReportInsight, useGetScoreReport } from '@/api/gen/reports/reports';
export { useGetUser, useListUsers } from '@/api/gen/users/users';

/** The report as an Excel workbook's bytes. The client hands a spreadsheet answer over as a Blob,
 * whatever the generated type says (asked of its shape: under test, fetch's Blob is not the
 * page's). */
export async function exportScoreReportWorkbook(params: ExportScoreReportXlsxParams): Promise<ArrayBuffer> {
  const file: unknown = await exportScoreReportXlsx(params);
  if (typeof file !== 'object' || file === null || !('arrayBuffer' in file) || typeof file.arrayBuffer !== 'function') {
    throw new Error('the workbook did not arrive as a file');
  }
  return (file as Blob).arrayBuffer();
}
