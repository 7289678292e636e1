// The checked rows of an import file: each row as read, and what is wrong with it in words.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { FieldError, RowVerdict } from '@/api/gen/playtrack.schemas';
import { hasText, isLanguage, languageEndonym } from '@/lib/i18n';
import type { englishResources } from '@/locales/resources';
import { useProblemMessage } from '@/lib/problem-message';


type ImportTexts = typeof englishResources.people.import;

function isField(field: string): field is keyof ImportTexts['fields'] {
  return hasText('people', `import.fields.${field}`);
}

function isProblem(code: string): code is keyof ImportTexts['problems'] {
  return hasText('people', `import.problems.${code}`);
}

/** A row problem in plain words; codes this screen does not know fall back to the field texts. */
function useRowProblem() {
  const { t } = useTranslation('people');
  const { fieldMessage } = useProblemMessage();
  return ({ field, code }: FieldError): string => {
    const fieldName = isField(field) ? t(`import.fields.${field}`) : field;
    return isProblem(code)
      ? t(`import.problems.${code}`, { field: fieldName })
      : `${fieldName}: ${fieldMessage(code)}`;
  };
}

export function ImportRowsTable({ rows }: { rows: readonly RowVerdict[] }) {
  const { t } = useTranslation('people');
  const rowProblem = useRowProblem();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('import.rowsLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('import.line')}</TableCell>
            <TableCell>{t('import.fields.name')}</TableCell>
            <TableCell>{t('import.fields.email')}</TableCell>
            <TableCell>{t('import.fields.batch')}</TableCell>
            <TableCell>{t('import.fields.locale')}</TableCell>
            <TableCell>{t('import.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line} data-valid={row.problems.length === 0}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.email}</TableCell>
              <TableCell>{row.batch?.trim() ? row.batch : t('import.defaultBatch')}</TableCell>
              {/* The check fills in the default language; an unknown one is shown as written. */}
              <TableCell>{isLanguage(row.locale) ? languageEndonym(row.locale) : row.locale}</TableCell>
              <TableCell>
                {row.problems.length === 0 ? (
                  <Chip size="small" color="success" variant="outlined" label={t('import.ready')} />
                ) : (
                  row.problems.map((problem) => (
                    <Chip
                      key={`${problem.field}.${problem.code}`}
                      size="small"
                      color="error"
                      variant="outlined"
                      label={rowProblem(problem)}
                      sx={{ mr: 0.5, mb: 0.5 }}
                    />
                  ))
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
