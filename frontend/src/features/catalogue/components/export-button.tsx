// Downloads the whole catalogue as a file to keep or to import elsewhere: JSON, or CSV for a
// spreadsheet (the audit log's export works the same way).
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportCatalogueFormat } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { saveFile } from '@/lib/download';
import { useProblemMessage } from '@/lib/problem-message';
import { exportCatalogue } from '../api/catalogue';

const FORMATS: readonly ExportCatalogueFormat[] = ['json', 'csv'];
const TYPES: Record<ExportCatalogueFormat, string> = {
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
};

/** `playtrack-catalogue-2026-11-26.csv`: today's, in the reader's time zone. */
function fileName(format: ExportCatalogueFormat): string {
  const now = new Date();
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `playtrack-catalogue-${day}.${format}`;
}

export function ExportButton() {
  const { t } = useTranslation('catalogue');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const download = async (format: ExportCatalogueFormat) => {
    setAnchor(null);
    setExporting(true);
    try {
      const file = await exportCatalogue({ format });
      // A JSON answer arrives parsed; it is saved as the server would write it.
      saveFile(typeof file === 'string' ? file : JSON.stringify(file, null, 2), TYPES[format], fileName(format));
    } catch (error) {
      notify({ severity: 'error', message: t('export.failed', { reason: problemMessage(error) }) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlined />}
        loading={exporting}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('export.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
