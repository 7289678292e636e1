// `<p>/user/import`: trainees from a CSV or XLSX file. "Check file" has the server check every
// row (and write nothing); the import then posts only the valid rows, which the server takes
// all or nothing: each becomes an invited trainee holding a licence seat.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ImportPreview, RowVerdict } from '@/api/gen/playtrack.schemas';
import { useImportUsers } from '../api/users';
import { ReferenceSelect } from '@/components/reference-select';
import { type ApiError, problemCode } from '@/lib/api-client';
import { withRejections } from '@/lib/import-rejections';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';
import { useBatches, useCompanies } from '@/lib/use-reference-data';
import { hasText } from '@/lib/i18n';
import type { englishResources } from '@/locales/resources';
import { previewImport } from '../api/preview-import';
import { ImportRowsTable } from './import-rows-table';

const ACCEPTED_FILES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function isFileProblem(code: string): code is keyof typeof englishResources.people.import.fileProblems {
  return hasText('people', `import.fileProblems.${code}`);
}

export function ImportUsersPage() {
  const { t } = useTranslation('people');
  const { problemMessage } = useProblemMessage();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const [companyId, setCompanyId] = useState('');
  const [batchId, setBatchId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState<'company' | 'file' | null>(null);
  const [rows, setRows] = useState<RowVerdict[] | null>(null);
  const { companies } = useCompanies(isSuperAdmin);
  const { batches } = useBatches(isSuperAdmin ? companyId : undefined, !isSuperAdmin || companyId !== '');
  const params = { company_id: companyId || undefined, batch_id: batchId || undefined };
  const check = useMutation<ImportPreview, ApiError, File>({
    mutationFn: (picked) => previewImport(picked, params),
    onSuccess: (preview) => setRows(preview.rows),
  });
  const importRows = useImportUsers(batches.map(({ id }) => id));

  // Any change makes an earlier check stale.
  const changed = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setRows(null);
    setMissing(null);
    check.reset();
    importRows.reset();
  };

  const onCheck = () => {
    if (isSuperAdmin && companyId === '') {
      setMissing('company');
    } else if (file === null) {
      setMissing('file');
    } else {
      importRows.reset();
      check.mutate(file);
    }
  };

  const valid = (rows ?? []).filter((row) => row.problems.length === 0);
  const onImport = () => {
    importRows.mutate(
      { data: { ...params, rows: valid.map(({ line, name, email, batch, locale }) => ({ line, name, email, batch, locale })) } },
      {
        onSuccess: () => setRows(null),
        onError: (error) => {
          if (rows && error.code === 'IMPORT_REJECTED') setRows(withRejections(rows, error, 'rows'));
        },
      },
    );
  };

  const fileProblem = check.error?.fieldErrors.find(({ field }) => field === 'file')?.code;

  return (
    <Card component="section" sx={{ maxWidth: 960, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h1" variant="h5">
            {t('import.title')}
          </Typography>
          <Typography color="text.secondary">{t('import.intro')}</Typography>
          {isSuperAdmin && (
            <ReferenceSelect
              label={t('form.company')}
              required
              value={companyId}
              options={companies}
              onChange={changed((id: string) => {
                setCompanyId(id);
                setBatchId('');
              })}
              error={missing === 'company'}
              helperText={missing === 'company' ? t('form.companyRequired') : undefined}
            />
          )}
          <ReferenceSelect
            label={t('import.batch')}
            value={batchId}
            options={batches}
            emptyLabel={t('import.noBatch')}
            onChange={changed(setBatchId)}
            helperText={t('import.batchHint')}
          />
          <TextField
            type="file"
            label={t('import.file')}
            required
            onChange={(event) => changed(setFile)((event.target as HTMLInputElement).files?.[0] ?? null)}
            error={missing === 'file'}
            helperText={missing === 'file' ? t('import.fileRequired') : t('import.fileHint')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: ACCEPTED_FILES } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to=".." relative="path">
              {t('import.back')}
            </Button>
            <Button variant="outlined" onClick={onCheck} loading={check.isPending}>
              {t('import.check')}
            </Button>
          </Stack>
          {check.isError && (
            <Alert severity="error">
              {fileProblem !== undefined && isFileProblem(fileProblem)
                ? t(`import.fileProblems.${fileProblem}`)
                : problemMessage(check.error)}
            </Alert>
          )}
          {importRows.isSuccess && (
            <Alert severity="success">{t('import.imported', { count: importRows.data.imported })}</Alert>
          )}
          {importRows.isError && (
            <Alert severity="error">
              {problemCode(importRows.error) === 'IMPORT_REJECTED'
                ? t('import.rejected')
                : problemMessage(importRows.error)}
            </Alert>
          )}
          {rows && (
            <>
              <Typography role="status">
                {t('import.counts', { valid: valid.length, invalid: rows.length - valid.length })}
              </Typography>
              <ImportRowsTable rows={rows} />
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button
                  variant="contained"
                  onClick={onImport}
                  disabled={valid.length === 0}
                  loading={importRows.isPending}
                >
                  {t('import.submit', { count: valid.length })}
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
