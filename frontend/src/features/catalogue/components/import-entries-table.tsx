// The entries of a checked catalogue file: where each is in the file, what it is, what importing
// it would do, and what is wrong with it in words.
import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { FieldError, ImportAction, ImportEntry } from '@/api/gen/playtrack.schemas';
import { TruncatedText } from '@/components/truncated-text';
import { hasText, isLanguage, languageEndonym } from '@/lib/i18n';
import { useProblemMessage } from '@/lib/problem-message';
import type { englishResources } from '@/locales/resources';

const ACTION_COLORS: Record<ImportAction, ChipProps['color']> = {
  create: 'primary',
  update: 'warning',
  unchanged: 'default',
};

const TRANSLATED_FIELD = /^(title|name)\.(\w+)$/;
/** A level's skill maximum, `skills.<skill id>`: the id says nothing to the reader. */
const SKILL_MAX_FIELD = /^skills\..+$/;

function isField(field: string): field is keyof typeof englishResources.catalogue.import.fields {
  return hasText('catalogue', `import.fields.${field}`);
}

/** An entry's problem in plain words: the field (a title's language by its own name), then what
 * is wrong with it. */
function useEntryProblem() {
  const { t } = useTranslation('catalogue');
  const { fieldMessage } = useProblemMessage();
  const fieldName = (field: string): string => {
    const translated = TRANSLATED_FIELD.exec(field);
    if (translated) {
      const [, part = '', language = ''] = translated;
      const name = isLanguage(language) ? languageEndonym(language) : language;
      return t(part === 'title' ? 'import.fields.titleIn' : 'import.fields.nameIn', { language: name });
    }
    if (SKILL_MAX_FIELD.test(field)) return t('import.fields.skillMax');
    return isField(field) ? t(`import.fields.${field}`) : field;
  };
  return ({ field, code }: FieldError) => `${fieldName(field)}: ${fieldMessage(code)}`;
}

export function ImportEntriesTable({ entries }: { entries: readonly ImportEntry[] }) {
  const { t } = useTranslation('catalogue');
  const entryProblem = useEntryProblem();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('import.entriesLabel')} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{t('import.line')}</TableCell>
            <TableCell sx={{ width: 110 }}>{t('import.kind')}</TableCell>
            <TableCell sx={{ width: 120 }}>{t('import.key')}</TableCell>
            <TableCell>{t('import.entryTitle')}</TableCell>
            <TableCell sx={{ width: 130 }}>{t('import.action')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('import.problems')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.line} data-invalid={entry.problems.length > 0 ? true : undefined}>
              <TableCell>{entry.line}</TableCell>
              <TableCell>{t(`import.kinds.${entry.kind}`)}</TableCell>
              <TableCell>
                <TruncatedText text={entry.key} />
              </TableCell>
              <TableCell>
                <TruncatedText text={entry.title} />
              </TableCell>
              <TableCell>
                {entry.problems.length === 0 ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={ACTION_COLORS[entry.action]}
                    label={t(`import.actions.${entry.action}`)}
                  />
                ) : (
                  <Chip size="small" variant="outlined" color="error" label={t('import.invalid')} />
                )}
              </TableCell>
              <TableCell>
                {entry.problems.map((problem) => (
                  <Chip
                    key={`${problem.field}.${problem.code}`}
                    size="small"
                    color="error"
                    variant="outlined"
                    label={entryProblem(problem)}
                    sx={{ mr: 0.5, mb: 0.5, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                  />
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
