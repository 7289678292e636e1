// Downloads the report as the screen shows it — the same filters, sorting and search, every
// page — as CSV or as an Excel workbook (the audit log's and the catalogue's exports work the
// same way).
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportScoreReportCsvParams } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { saveFile } from '@/lib/download';
import { useProblemMessage } from '@/lib/problem-message';
import { exportScoreReportCsv, exportScoreReportWorkbook } from '../api/reports';

type Format = 'csv' | 'xlsx';
const TYPES: Record<Format, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `playtrack-score-skill-2026-11-26.csv`: the screen's path and today, in the reader's time zone. */
export function exportFileName(path: string, format: Format, now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `playtrack-${path.replaceAll('/', '-')}-${day}.${format}`;
}

export function ExportButtons({ params, path }: { params: ExportScoreReportCsvParams; path: string }) {
  const { t } = useTranslation('reports');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const [exporting, setExporting] = useState<Format | null>(null);

  const download = async (format: Format) => {
    setExporting(format);
    try {
      const file = format === 'csv' ? await exportScoreReportCsv(params) : await exportScoreReportWorkbook(params);
      saveFile(file, TYPES[format], exportFileName(path, format));
    } catch (error) {
      notify({ severity: 'error', message: t('export.failed', { reason: problemMessage(error) }) });
    } finally {
      setExporting(null);
    }
  };

  return (
    <ButtonGroup variant="outlined" aria-label={t('export.label')}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          startIcon={<DownloadOutlined />}
          loading={exporting === format}
          disabled={exporting !== null}
          onClick={() => void download(format)}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
