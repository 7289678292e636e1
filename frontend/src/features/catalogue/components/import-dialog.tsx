// Imports a catalogue file (JSON or CSV, as the export writes them): "Check file" has the server
// say what importing it would do, entry by entry, and write nothing; the import then sends the
// same file again, which the server takes all or nothing. Entries are matched by their numbers
// or English names; entries the file leaves out stay as they are.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportEntry, ImportPlan } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { type ApiError, problemCode } from '@/lib/api-client';
import { withRejections } from '@/lib/import-rejections';
import { useProblemMessage } from '@/lib/problem-message';
import { hasText } from '@/lib/i18n';
import type { englishResources } from '@/locales/resources';
import { MAX_FILE_BYTES, useImportCatalogue, usePreviewCatalogueImport } from '../api/import-file';
import { ImportEntriesTable } from './import-entries-table';

const ACCEPTED_FILES = '.json,.csv,application/json,text/csv';

function isFileProblem(code: string): code is keyof typeof englishResources.catalogue.import.fileProblems {
  return hasText('catalogue', `import.fileProblems.${code}`);
}

/** Why a check or an import failed: a file refused as a whole in words, with the server's detail
 * (which column, how many rows), or the problem's own message. */
function ImportFailure({ error }: { error: ApiError }) {
  const { t } = useTranslation('catalogue');
  const { problemMessage } = useProblemMessage();
  const code = error.fieldErrors.find(({ field }) => field === 'file')?.code;
  if (code === undefined || !isFileProblem(code)) return <Alert severity="error">{problemMessage(error)}</Alert>;
  return (
    <Alert severity="error">
      {t(`import.fileProblems.${code}`)}
      {error.detail && (
        <Typography variant="body2" dir="auto" sx={{ mt: 0.5 }}>
          {error.detail}
        </Typography>
      )}
    </Alert>
  );
}

/** Mounted while open, so each opening starts without a file. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation('common');
  const notify = useNotify();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<'missing' | 'tooLarge' | null>(null);
  const [entries, setEntries] = useState<ImportEntry[] | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const check = usePreviewCatalogueImport();
  const importFile = useImportCatalogue();

  const pick = (picked: File | null) => {
    setFile(picked);
    setFileError(null);
    setEntries(null);
    setPlan(null);
    check.reset();
    importFile.reset();
  };

  const onCheck = () => {
    if (file === null) {
      setFileError('missing');
    } else if (file.size > MAX_FILE_BYTES) {
      setFileError('tooLarge');
    } else {
      importFile.reset();
      check.mutate(file, {
        onSuccess: (checked) => {
          setPlan(checked);
          setEntries(checked.entries);
        },
      });
    }
  };

  const onImport = () => {
    if (file === null) return;
    importFile.mutate(file, {
      onSuccess: (done) => {
        notify({ severity: 'success', message: t('import.done', { created: done.created, updated: done.updated }) });
        onClose();
      },
      onError: (error) => {
        if (entries && error.code === 'IMPORT_REJECTED') setEntries(withRejections(entries, error, 'entries'));
      },
    });
  };

  const invalid = entries?.filter(({ problems }) => problems.length > 0).length ?? 0;
  const changes = plan ? plan.created + plan.updated : 0;
  const ready = plan !== null && invalid === 0 && changes > 0;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !importFile.isPending) onClose();
      }}
    >
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">{t('import.intro')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('import.skillsFormat')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              type="file"
              label={t('import.file')}
              required
              fullWidth
              onChange={(event) => pick((event.target as HTMLInputElement).files?.[0] ?? null)}
              error={fileError !== null}
              helperText={fileError ? t(`import.${fileError}`) : t('import.fileHint')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: ACCEPTED_FILES } }}
            />
            <Button variant="outlined" onClick={onCheck} loading={check.isPending} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
              {t('import.check')}
            </Button>
          </Stack>
          {check.isError && <ImportFailure error={check.error} />}
          {plan && entries && (
            <>
              <Typography role="status">
                {t('import.counts', {
                  created: plan.created,
                  updated: plan.updated,
                  unchanged: plan.unchanged,
                  invalid,
                })}
              </Typography>
              {invalid > 0 && <Alert severity="warning">{t('import.fixFirst')}</Alert>}
              {invalid === 0 && changes === 0 && <Alert severity="info">{t('import.nothingToDo')}</Alert>}
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <ImportEntriesTable entries={entries} />
              </Box>
            </>
          )}
          {importFile.isError &&
            (problemCode(importFile.error) === 'IMPORT_REJECTED' ? (
              <Alert severity="error">{t('import.rejected')}</Alert>
            ) : (
              <ImportFailure error={importFile.error} />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importFile.isPending}>
          {common('cancel')}
        </Button>
        <Button variant="contained" onClick={onImport} disabled={!ready} loading={importFile.isPending}>
          {t('import.confirm', { count: changes })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
