// /main/levelData: the level catalogue. Chapters with their levels, skills and approaches each
// on a tab (kept in the URL as `?tab=`); the super admin adds, edits and deletes them, retires
// levels and puts them back in play, and exports or imports the whole catalogue.
import AddOutlined from '@mui/icons-material/AddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Catalogue, Chapter, Level, Named } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { TopProgressBar } from '@/components/top-progress-bar';
import { ScrollingTabs } from '@/components/scrolling-tabs';
import { useProblemMessage } from '@/lib/problem-message';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useGetCatalogue } from '../api/catalogue';
import { useRetireLevel } from '../hooks/use-retire-level';
import { ChapterDialog } from './chapter-dialog';
import { type DeletedEntry, DeleteEntryDialog } from './delete-entry-dialog';
import { ExportButton } from './export-button';
import { ImportDialog } from './import-dialog';
import { levelKey, LevelsTable } from './levels-table';
import { NamedDialog, type NamedKind } from './named-dialog';
import { NamedTable } from './named-table';
import { useTitleText } from './titles';

const TABS = ['levels', 'skills', 'approaches'] as const;
type TabName = (typeof TABS)[number];
const KIND_OF_TAB: Record<Exclude<TabName, 'levels'>, NamedKind> = { skills: 'skill', approaches: 'approach' };

/** The dialog open over the list, if any. */
type Editing =
  | { dialog: 'chapter'; chapter?: Chapter }
  | { dialog: 'named'; kind: NamedKind; entry?: Named }
  | { dialog: 'import' };

/** How many levels train each skill. */
function skillUsage(catalogue: Catalogue): Map<string, number> {
  const usage = new Map<string, number>();
  for (const level of catalogue.levels) {
    for (const id of level.skill_ids) usage.set(id, (usage.get(id) ?? 0) + 1);
  }
  return usage;
}

export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  const { problemMessage } = useProblemMessage();
  const titleText = useTitleText();
  const catalogue = useGetCatalogue();
  const { filter, setFilters } = useUrlFilters<'tab'>();
  const tab: TabName = TABS.find((name) => name === filter('tab')) ?? 'levels';
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeletedEntry | null>(null);
  const levelName = (level: Level) => {
    const chapter = catalogue.data?.chapters.find(({ id }) => id === level.chapter_id);
    return t('level.label', { key: chapter ? levelKey(chapter, level) : level.number, title: titleText(level.title) });
  };
  const setRetired = useRetireLevel(levelName);
  const data = catalogue.data;

  const addButton = () => {
    if (tab === 'levels') {
      return (
        <Button startIcon={<AddOutlined />} onClick={() => setEditing({ dialog: 'chapter' })}>
          {t('chapter.add')}
        </Button>
      );
    }
    const kind = KIND_OF_TAB[tab];
    return (
      <Button startIcon={<AddOutlined />} onClick={() => setEditing({ dialog: 'named', kind })}>
        {t(`${kind}.add`)}
      </Button>
    );
  };

  return (
    <Box component="section">
      <PageHeader title={t('title')}>
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setEditing({ dialog: 'import' })}>
          {t('import.button')}
        </Button>
        <ExportButton />
        <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to="add">
          {t('level.add')}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <ScrollingTabs
          value={tab}
          onChange={(_event, name: TabName) => setFilters({ tab: name === 'levels' ? '' : name })}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`tabs.${name}`)} />
          ))}
        </ScrollingTabs>
        {data && addButton()}
      </Stack>
      {catalogue.isError && <Alert severity="error">{problemMessage(catalogue.error)}</Alert>}
      {!data && !catalogue.isError && <TopProgressBar />}
      {data && tab === 'levels' && (
        <LevelsTable
          catalogue={data}
          onEditChapter={(chapter) => setEditing({ dialog: 'chapter', chapter })}
          onDeleteChapter={(chapter) =>
            setDeleting({
              kind: 'chapter',
              id: chapter.id,
              label: t('chapter.label', { number: chapter.number, title: titleText(chapter.title) }),
            })
          }
          onRetire={setRetired}
          onDeleteLevel={(level) => setDeleting({ kind: 'level', id: level.id, label: levelName(level) })}
        />
      )}
      {data && tab !== 'levels' && (
        <NamedTable
          kind={KIND_OF_TAB[tab]}
          entries={tab === 'skills' ? data.skills : data.approaches}
          usage={tab === 'skills' ? skillUsage(data) : undefined}
          onEdit={(entry) => setEditing({ dialog: 'named', kind: KIND_OF_TAB[tab], entry })}
          onDelete={(entry) => setDeleting({ kind: KIND_OF_TAB[tab], id: entry.id, label: titleText(entry.name) })}
        />
      )}
      {editing?.dialog === 'chapter' && <ChapterDialog chapter={editing.chapter} onClose={() => setEditing(null)} />}
      {editing?.dialog === 'named' && (
        <NamedDialog kind={editing.kind} entry={editing.entry} onClose={() => setEditing(null)} />
      )}
      {editing?.dialog === 'import' && <ImportDialog onClose={() => setEditing(null)} />}
      <DeleteEntryDialog
        entry={deleting}
        onRetire={(id) => {
          const level = data?.levels.find((candidate) => candidate.id === id);
          if (level) setRetired(level, true);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
