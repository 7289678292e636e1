// The trainee's dashboard: first its answer — their weekly trend, weakest skill and next level
// to play — then until when their licence runs, their attempts and levels played; how
// far they are through each chapter (and their score there); their own skills; their latest
// attempts; and how to open the game.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetCatalogue, useGetScoreReport } from '../api/dashboard';
import type { Dashboard, TitleDto } from '@/api/gen/playtrack.schemas';
import { isLanguage } from '@/lib/i18n';
import {
  cellOf,
  type ChapterProgress,
  chapterProgress,
  columnValues,
  numberOf,
  RECENT_ATTEMPTS,
  reportPath,
} from './dashboard-data';
import {
  BelowTheFold,
  ChartFrame,
  FigureCard,
  FigureCell,
  FigureGrid,
  FigureTable,
  Section,
  SectionState,
  SkillRadar,
  useDashboardFormat,
} from './dashboard-widgets';
import { OwnInsightSection } from './dashboard-insight';

const ROLE = 'USER';

/** A catalogue title in the reader's language, else in English. */
function useTitleText() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (title: TitleDto): string => {
    const own = isLanguage(language) ? title[language]?.trim() : undefined;
    return own !== undefined && own !== '' ? own : title.en;
  };
}

/** Whether any of the queries is still loading, or failed (the first error). */
function together(...queries: { isPending: boolean; isError: boolean; error: unknown }[]) {
  const failed = queries.find((query) => query.isError);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: failed !== undefined,
    error: failed?.error ?? null,
  };
}

function ChapterBar({ chapter }: { chapter: ChapterProgress }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const labelId = useId();
  const name = t('dashboard.chapters.name', { number: chapter.number, title: chapter.title });
  const levels = t('dashboard.chapters.levels', {
    completed: format.count(chapter.completed),
    total: format.count(chapter.total),
  });
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Link id={labelId} component={RouterLink} to={reportPath(ROLE, 'viewlevel', { chapter: chapter.id })} dir="auto">
          {name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {chapter.score === null
            ? t('dashboard.value.notPlayed')
            : t('dashboard.chapters.score', { score: format.percent(chapter.score) })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={chapter.total === 0 ? 0 : Math.round((chapter.completed * 100) / chapter.total)}
        aria-labelledby={labelId}
        aria-valuetext={levels}
        sx={{ my: 0.5, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2">{levels}</Typography>
    </Box>
  );
}

function ChaptersSection() {
  const { t } = useTranslation('shell');
  const title = useTitleText();
  const catalogue = useGetCatalogue();
  const levels = useGetScoreReport({ view: 'level', group: 'trainee', measure: 'percent' });
  const chapters = useGetScoreReport({ view: 'chapter', group: 'trainee', measure: 'percent' });
  const progress = chapterProgress(catalogue.data, levels.data, chapters.data, title);
  return (
    <Section
      title={t('dashboard.chapters.title')}
      report={{ to: reportPath(ROLE, 'chapterwise'), label: t('dashboard.openReport') }}
    >
      <SectionState
        query={together(catalogue, levels, chapters)}
        empty={progress.length === 0}
        emptyText={t('dashboard.chapters.none')}
      >
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {progress.map((chapter) => (
            <ChapterBar key={chapter.id} chapter={chapter} />
          ))}
        </Box>
      </SectionState>
    </Section>
  );
}

function SkillsSection() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const report = useGetScoreReport({ view: 'skill', group: 'trainee', measure: 'percent' });
  const skills = columnValues(report.data);
  const title = t('dashboard.mySkills.title');
  return (
    <Section title={title} report={{ to: reportPath(ROLE, 'score'), label: t('dashboard.openReport') }}>
      <SectionState query={report} empty={skills.length === 0} emptyText={t('dashboard.mySkills.none')}>
        {skills.length >= 3 && (
          <ChartFrame label={t('dashboard.mySkills.chart')}>
            <SkillRadar label={t('dashboard.mySkills.chart')} series={t('dashboard.mySkills.series')} items={skills} />
          </ChartFrame>
        )}
        <FigureTable
          label={title}
          items={skills}
          rowKey={(skill) => skill.key}
          columns={[
            { header: t('dashboard.columns.skill'), cell: (skill) => skill.label },
            { header: t('dashboard.columns.score'), cell: (skill) => format.percent(skill.value), numeric: true },
          ]}
        />
      </SectionState>
    </Section>
  );
}

function RecentAttemptsSection() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const report = useGetScoreReport({ view: 'attempts', per_page: RECENT_ATTEMPTS, page: 1 });
  const title = t('dashboard.recent.title');
  const data = report.data;
  const attempts = data?.rows ?? [];
  return (
    <Section title={title} report={{ to: reportPath(ROLE, 'userdetails'), label: t('dashboard.recent.all') }}>
      <SectionState query={report} empty={attempts.length === 0} emptyText={t('dashboard.recent.none')}>
        {data && (
          <FigureTable
            label={title}
            items={attempts}
            rowKey={(attempt) => attempt.id}
            columns={[
              { header: t('dashboard.columns.level'), cell: (attempt) => <span dir="auto">{attempt.label}</span> },
              { header: t('dashboard.columns.difficulty'), cell: (attempt) => cellOf(data, attempt, 'difficulty') ?? '' },
              {
                header: t('dashboard.columns.score'),
                cell: (attempt) => {
                  const percent = numberOf(cellOf(data, attempt, 'percent'));
                  return percent === null ? '' : format.percent(percent);
                },
                numeric: true,
              },
              {
                header: t('dashboard.columns.completedAt'),
                cell: (attempt) => {
                  const at = cellOf(data, attempt, 'completed_at');
                  return typeof at === 'string' ? format.dateTime(at) : '';
                },
              },
            ]}
          />
        )}
      </SectionState>
    </Section>
  );
}

function GameSection() {
  const { t } = useTranslation('shell');
  return (
    <Section title={t('dashboard.game.title')}>
      <Typography sx={{ mb: 1 }}>{t('dashboard.game.open')}</Typography>
      <Typography color="text.secondary">{t('dashboard.game.back')}</Typography>
    </Section>
  );
}

export function TraineeDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const validUntil = dashboard.licence_valid_until;
  const cards = [
    {
      key: 'licenceValidUntil',
      value: validUntil ? format.day(validUntil) : t('dashboard.value.noLicence'),
    },
    { key: 'myAttempts', value: format.count(dashboard.attempts), to: reportPath(ROLE, 'userdetails') },
    { key: 'myLevelsPlayed', value: format.count(dashboard.levels_played), to: reportPath(ROLE, 'viewlevel') },
  ] as const;
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <OwnInsightSection />
      </Box>
      <FigureGrid>
        {cards.map((card) => (
          <FigureCell key={card.key}>
            <FigureCard label={t(`dashboard.counts.${card.key}`)} value={card.value} to={'to' in card ? card.to : undefined} />
          </FigureCell>
        ))}
      </FigureGrid>
      <BelowTheFold>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <ChaptersSection />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <SkillsSection />
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <RecentAttemptsSection />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <GameSection />
          </Grid>
        </Grid>
      </BelowTheFold>
    </>
  );
}
