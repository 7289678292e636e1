// The skills or the approaches, by name in the reader's language (with the English name, which
// files and the game use, beside it), the languages each is translated into, and for skills
// how many levels train it.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Named } from '@/api/gen/playtrack.schemas';
import { TruncatedText } from '@/components/truncated-text';
import { EntryActions } from './entry-actions';
import type { NamedKind } from './named-dialog';
import { TRANSLATIONS, useTitleText } from './titles';

interface NamedTableProps {
  kind: NamedKind;
  entries: readonly Named[];
  /** How many levels train each skill; none for approaches. */
  usage?: ReadonlyMap<string, number>;
  onEdit: (entry: Named) => void;
  onDelete: (entry: Named) => void;
}

export function NamedTable({ kind, entries, usage, onEdit, onDelete }: NamedTableProps) {
  const { t, i18n } = useTranslation('catalogue');
  const titleText = useTitleText();
  const sorted = [...entries].sort((a, b) => titleText(a.name).localeCompare(titleText(b.name), i18n.language));
  const columns = usage ? 5 : 4;
  const translated = (entry: Named) =>
    TRANSLATIONS.filter((language) => entry.name[language]?.trim())
      .map((language) => language.toUpperCase())
      .join(' ');

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t(`${kind}.tableLabel`)} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell>{t('columns.english')}</TableCell>
            <TableCell sx={{ width: 180 }}>{t('columns.translations')}</TableCell>
            {usage && (
              <TableCell align="right" sx={{ width: 120 }}>
                {t('columns.levels')}
              </TableCell>
            )}
            <TableCell align="right" sx={{ width: 100 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns}>{t(`${kind}.empty`)}</TableCell>
            </TableRow>
          )}
          {sorted.map((entry) => (
            <TableRow key={entry.id} hover>
              <TableCell>
                <TruncatedText text={titleText(entry.name)} />
              </TableCell>
              <TableCell>
                <TruncatedText text={entry.name.en} />
              </TableCell>
              <TableCell>
                <bdi>{translated(entry) || '—'}</bdi>
              </TableCell>
              {usage && <TableCell align="right">{usage.get(entry.id) ?? 0}</TableCell>}
              <TableCell align="right">
                <EntryActions
                  actions={[
                    {
                      key: 'edit',
                      label: t(`${kind}.edit`),
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => onEdit(entry),
                    },
                    {
                      key: 'delete',
                      label: t(`${kind}.delete`),
                      icon: <DeleteOutlined fontSize="small" />,
                      onClick: () => onDelete(entry),
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
