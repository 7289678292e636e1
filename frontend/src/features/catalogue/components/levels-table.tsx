// The chapters, by number, each followed by its levels: number, title, maximum score,
// difficulty, skills (each with the most points it can earn there) and whether it is in play,
// with what the super admin can do to each.
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Catalogue, Chapter, Level } from '@/api/gen/playtrack.schemas';
import { TruncatedText } from '@/components/truncated-text';
import { useFormats } from '@/lib/formats';
import { EntryActions } from './entry-actions';
import { useTitleText } from './titles';

/** The level's key in the catalogue and its files: `2.3` is level 3 of chapter 2. */
export const levelKey = (chapter: Pick<Chapter, 'number'>, level: Pick<Level, 'number'>) =>
  `${chapter.number}.${level.number}`;

const byNumber = (a: { number: number }, b: { number: number }) => a.number - b.number;

interface LevelsTableProps {
  catalogue: Catalogue;
  onEditChapter: (chapter: Chapter) => void;
  onDeleteChapter: (chapter: Chapter) => void;
  onRetire: (level: Level, retired: boolean) => void;
  onDeleteLevel: (level: Level, chapter: Chapter) => void;
}

const COLUMN_COUNT = 7;

export function LevelsTable({ catalogue, onEditChapter, onDeleteChapter, onRetire, onDeleteLevel }: LevelsTableProps) {
  const { t, i18n } = useTranslation('catalogue');
  const titleText = useTitleText();
  const { day: formatDate, number: score } = useFormats();
  const skillNames = new Map(catalogue.skills.map(({ id, name }) => [id, titleText(name)]));
  const chapters = [...catalogue.chapters].sort(byNumber);
  const levelsOf = (chapter: Chapter) => catalogue.levels.filter((level) => level.chapter_id === chapter.id).sort(byNumber);

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('levels.tableLabel')} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{t('columns.number')}</TableCell>
            <TableCell>{t('columns.title')}</TableCell>
            <TableCell align="right" sx={{ width: 96 }}>
              {t('columns.maxScore')}
            </TableCell>
            <TableCell sx={{ width: 96 }}>{t('columns.difficulty')}</TableCell>
            <TableCell sx={{ width: '30%' }}>{t('columns.skills')}</TableCell>
            <TableCell sx={{ width: 104 }}>{t('columns.status')}</TableCell>
            <TableCell align="right" sx={{ width: 124 }}>
              {t('columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        {chapters.length === 0 && (
          <TableBody>
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT}>{t('levels.empty')}</TableCell>
            </TableRow>
          </TableBody>
        )}
        {chapters.map((chapter) => {
          const levels = levelsOf(chapter);
          const chapterTitle = titleText(chapter.title);
          return (
            <TableBody key={chapter.id} data-chapter={chapter.number}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {chapter.number}
                </TableCell>
                <TableCell colSpan={COLUMN_COUNT - 2}>
                  <Typography component="span" dir="auto" sx={{ fontWeight: 600 }}>
                    {chapterTitle}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    {t('chapter.levelCount', { count: levels.length })}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <EntryActions
                    actions={[
                      {
                        key: 'add',
                        label: t('actions.addLevelTo', { number: chapter.number }),
                        icon: <AddOutlined fontSize="small" />,
                        to: `add?chapter=${chapter.id}`,
                      },
                      {
                        key: 'edit',
                        label: t('actions.editChapter'),
                        icon: <EditOutlined fontSize="small" />,
                        onClick: () => onEditChapter(chapter),
                      },
                      {
                        key: 'delete',
                        label: t('actions.deleteChapter'),
                        icon: <DeleteOutlined fontSize="small" />,
                        onClick: () => onDeleteChapter(chapter),
                      },
                    ]}
                  />
                </TableCell>
              </TableRow>
              {levels.map((level) => {
                // "Leadership 500 · Negotiation 700": by name, each with its maximum here.
                const skills = level.skill_ids
                  .map((id) => ({ name: skillNames.get(id) ?? '', max: level.skill_max_points[id] }))
                  .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
                  .map(({ name, max }) => (max === undefined ? name : `${name} ${score(max)}`))
                  .join(' · ');
                return (
                  <TableRow key={level.id} hover data-retired={level.retired_at ? true : undefined}>
                    <TableCell sx={{ pl: 3 }}>{levelKey(chapter, level)}</TableCell>
                    <TableCell>
                      <TruncatedText text={titleText(level.title)} />
                    </TableCell>
                    <TableCell align="right">{score(level.max_score)}</TableCell>
                    <TableCell>{t(`difficulty.${level.difficulty}`)}</TableCell>
                    <TableCell>
                      <TruncatedText text={skills} />
                    </TableCell>
                    <TableCell>
                      {level.retired_at ? (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={t('status.retired')}
                          title={t('status.retiredOn', { date: formatDate(level.retired_at) })}
                        />
                      ) : (
                        <Chip size="small" variant="outlined" color="success" label={t('status.inPlay')} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <EntryActions
                        actions={[
                          {
                            key: 'edit',
                            label: t('actions.editLevel'),
                            icon: <EditOutlined fontSize="small" />,
                            to: `edit?id=${level.id}`,
                          },
                          level.retired_at
                            ? {
                                key: 'restore',
                                label: t('actions.restore'),
                                icon: <UnarchiveOutlined fontSize="small" />,
                                onClick: () => onRetire(level, false),
                              }
                            : {
                                key: 'retire',
                                label: t('actions.retire'),
                                icon: <ArchiveOutlined fontSize="small" />,
                                onClick: () => onRetire(level, true),
                              },
                          {
                            key: 'delete',
                            label: t('actions.deleteLevel'),
                            icon: <DeleteOutlined fontSize="small" />,
                            onClick: () => onDeleteLevel(level, chapter),
                          },
                        ]}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          );
        })}
      </Table>
    </TableContainer>
  );
}
