// The filters of a report, all kept in the URL (any change starts again from the first page):
// company (the super admin's), batch and trainee (the admins'), chapter and level, the days the
// results count from and to, which attempt counts, and what a row is where the screen lets the
// reader choose. On a phone they wait in a sheet behind one "Filters (n)" button.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, INVALID_DATE } from '@/components/date-field';
import { ReferenceSelect } from '@/components/reference-select';
import type { Role } from '@/lib/session';
import { useBatches, useCompanies } from '@/lib/use-reference-data';
import { useUrlFilters } from '@/lib/use-url-filters';
import { useGetCatalogue } from '../api/reports';
import { useTitleText } from '../hooks/use-title-text';
import { usePhone } from '@/lib/use-phone';
import {
  activeFilterCount,
  ATTEMPTS,
  DEFAULT_ATTEMPT,
  FILTERS,
  type Filter,
  filtersOf,
  groupsOf,
  type ReportScreen,
} from '../report-screens';
import { FiltersSheet } from './filters-sheet';
import { TraineeFilter } from './trainee-filter';

/** The catalogue's chapters and levels as options, in the catalogue's order, named as the
 * report names them (`1 Chapter`, `1.2 Level`). */
function useCatalogueOptions(chapterId: string) {
  const catalogue = useGetCatalogue();
  const title = useTitleText();
  return useMemo(() => {
    const chapters = [...(catalogue.data?.chapters ?? [])].sort((a, b) => a.number - b.number);
    const numberOf = new Map(chapters.map((chapter) => [chapter.id, chapter.number]));
    const levels = (catalogue.data?.levels ?? [])
      .filter((level) => chapterId === '' || level.chapter_id === chapterId)
      .map((level) => ({ level, chapter: numberOf.get(level.chapter_id) ?? 0 }))
      .sort((a, b) => a.chapter - b.chapter || a.level.number - b.level.number);
    return {
      chapterOf: new Map((catalogue.data?.levels ?? []).map((level) => [level.id, level.chapter_id])),
      chapters: chapters.map((chapter) => ({ id: chapter.id, name: `${chapter.number} ${title(chapter.title)}` })),
      levels: levels.map(({ level, chapter }) => ({ id: level.id, name: `${chapter}.${level.number} ${title(level.title)}` })),
    };
  }, [catalogue.data, chapterId, title]);
}

const small = { size: 'small', margin: 'none' } as const;

interface DayFilterProps {
  label: string;
  fullWidth: boolean;
  /** The URL's day, `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
}

/** A day of the URL. A half-typed day filters nothing yet, but stays in the field as typed (were
 * the field handed the URL's day back, it would drop the parts typed so far). */
function DayFilter({ label, fullWidth, value, onChange, min }: DayFilterProps) {
  const [typed, setTyped] = useState<{ over: string; value: string } | null>(null);
  return (
    <DateField
      {...small}
      fullWidth={fullWidth}
      label={label}
      // What is typed, while the URL still holds the day it was typed over.
      value={typed?.over === value ? typed.value : value}
      min={min}
      onChange={(next) => {
        setTyped({ over: value, value: next });
        if (next !== INVALID_DATE) onChange(next);
      }}
    />
  );
}

export function ReportFilters({ screen, role }: { screen: ReportScreen; role: Role }) {
  const { t } = useTranslation('reports');
  const { filter, setFilters } = useUrlFilters<Filter>();
  const shown = filtersOf(screen, role);
  const company = shown.has('company') ? filter('company') : '';
  const batch = shown.has('batch') ? filter('batch') : '';
  const chapter = filter('chapter');
  const { companies } = useCompanies(shown.has('company'));
  // The chosen company's batches; every batch in scope while none is chosen.
  const { batches } = useBatches(company || undefined, shown.has('batch'));
  const { chapterOf, chapters, levels } = useCatalogueOptions(chapter);
  /** A value from an old link shows as empty until (or unless) it is among the options. */
  const known = (options: readonly { id: string }[], id: string) => (options.some((option) => option.id === id) ? id : '');
  const active = activeFilterCount(shown, filter);
  const phone = usePhone();
  // In the phone's sheet, one field a line across it.
  const select = (key: Filter, minWidth = 180) => ({ ...small, fullWidth: phone, sx: { minWidth }, label: t(`filters.${key}`) });

  const fields = (
    <Stack
      direction={phone ? 'column' : 'row'}
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', alignItems: phone ? 'stretch' : 'center', mb: phone ? 0 : 2 }}
      role="group"
      aria-label={t('filters.label')}
    >
      {shown.has('company') && (
        <ReferenceSelect
          {...select('company', 200)}
          value={known(companies, company)}
          options={companies}
          emptyLabel={t('filters.all')}
          // Another company's batches and trainees are not among the choices any more.
          onChange={(id) => setFilters({ company: id, batch: '', user: '' })}
        />
      )}
      {shown.has('batch') && (
        <ReferenceSelect
          {...select('batch')}
          value={known(batches, batch)}
          options={batches}
          emptyLabel={t('filters.all')}
          onChange={(id) => setFilters({ batch: id, user: '' })}
        />
      )}
      {shown.has('user') && (
        <TraineeFilter value={filter('user')} company={company} batch={batch} onChange={(id) => setFilters({ user: id })} />
      )}
      <ReferenceSelect
        {...select('chapter')}
        value={known(chapters, chapter)}
        options={chapters}
        emptyLabel={t('filters.all')}
        // A level of another chapter would select nothing.
        onChange={(id) =>
          setFilters(id === '' || chapterOf.get(filter('level')) === id ? { chapter: id } : { chapter: id, level: '' })
        }
      />
      <ReferenceSelect
        {...select('level', 220)}
        value={known(levels, filter('level'))}
        options={levels}
        emptyLabel={t('filters.all')}
        onChange={(id) => setFilters({ level: id })}
      />
      {(['from', 'to'] as const).map((key) => (
        <DayFilter
          key={key}
          fullWidth={phone}
          label={t(`filters.${key}`)}
          value={filter(key)}
          onChange={(value) => setFilters({ [key]: value })}
          // "To" cannot be before "From".
          min={key === 'to' ? filter('from') || undefined : undefined}
        />
      ))}
      {shown.has('attempt') && (
        <TextField
          {...select('attempt', 160)}
          select
          value={ATTEMPTS.find((attempt) => attempt === filter('attempt')) ?? DEFAULT_ATTEMPT}
          // The server's default stays out of the URL.
          onChange={(event) => setFilters({ attempt: event.target.value === DEFAULT_ATTEMPT ? '' : event.target.value })}
        >
          {ATTEMPTS.map((attempt) => (
            <MenuItem key={attempt} value={attempt}>
              {t(`attempt.${attempt}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {shown.has('group') && (
        <TextField
          {...select('group', 160)}
          select
          value={groupsOf(role).find((group) => group === filter('group')) ?? ''}
          onChange={(event) => setFilters({ group: event.target.value })}
        >
          <MenuItem value="">{t('group.auto')}</MenuItem>
          {groupsOf(role).map((group) => (
            <MenuItem key={group} value={group}>
              {t(`group.${group}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {active > 0 && (
        <Button onClick={() => setFilters(Object.fromEntries(FILTERS.map((key) => [key, ''])))}>{t('filters.clear')}</Button>
      )}
    </Stack>
  );
  return phone ? <FiltersSheet active={active}>{fields}</FiltersSheet> : fields;
}
