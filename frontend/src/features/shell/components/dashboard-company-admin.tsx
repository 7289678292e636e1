// The company admin's dashboard: first its answer — each batch's weekly trend and weakest skill,
// the trainees to nudge, the licences that end soon — then the seats in use of those bought and
// when the next ones end, the trainees and this week's attempts; each batch's progress; and the
// average per skill.
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetDashboardInsight, useGetScoreReport } from '../api/dashboard';
import type { Dashboard } from '@/api/gen/playtrack.schemas';
import {
  ALL_ROWS,
  batchProgress,
  columnValues,
  daysAgo,
  reportPath,
  WEEK_DAYS,
} from './dashboard-data';
import {
  BelowTheFold,
  ChartFrame,
  FigureCard,
  FigureCell,
  FigureGrid,
  FigureTable,
  ScoreBars,
  Section,
  SectionState,
  SkillRadar,
  useDashboardFormat,
} from './dashboard-widgets';
import { ExpiringSection, NudgesSection, SummariesSection } from './dashboard-insight';

const ROLE = 'COMPANY_ADMIN';

function BatchProgressSection() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const report = useGetScoreReport({ view: 'overview', group: 'batch', measure: 'percent', per_page: ALL_ROWS });
  const batches = batchProgress(report.data);
  const title = t('dashboard.batches.title');
  const played = batches.filter((batch) => batch.score !== null);
  return (
    <Section
      title={title}
      subtitle={t('dashboard.batches.subtitle')}
      report={{ to: reportPath(ROLE, 'score', { group: 'batch' }), label: t('dashboard.openReport') }}
    >
      <SectionState query={report} empty={batches.length === 0} emptyText={t('dashboard.batches.none')}>
        {played.length > 0 && (
          <ChartFrame label={t('dashboard.batches.chart')}>
            <ScoreBars
              label={t('dashboard.batches.chart')}
              series={t('dashboard.columns.score')}
              items={batches.map((batch) => ({ label: batch.name, value: batch.score }))}
            />
          </ChartFrame>
        )}
        <FigureTable
          label={title}
          items={batches}
          rowKey={(batch) => batch.id}
          columns={[
            {
              header: t('dashboard.columns.batch'),
              cell: (batch) => (
                <Link
                  component={RouterLink}
                  to={reportPath(ROLE, 'score', { batch: batch.id, group: 'trainee' })}
                  dir="auto"
                >
                  {batch.name}
                </Link>
              ),
            },
            {
              header: t('dashboard.columns.score'),
              cell: (batch) => (batch.score === null ? t('dashboard.value.notPlayed') : format.percent(batch.score)),
              numeric: true,
            },
            {
              header: t('dashboard.columns.levelsPerTrainee'),
              cell: (batch) => (batch.levelsPerTrainee === null ? '–' : format.decimal(batch.levelsPerTrainee)),
              numeric: true,
            },
          ]}
        />
      </SectionState>
    </Section>
  );
}

function SkillAverageSection() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const report = useGetScoreReport({ view: 'skill', group: 'all', measure: 'percent' });
  const skills = columnValues(report.data);
  const title = t('dashboard.skillAverage.title');
  return (
    <Section
      title={title}
      subtitle={t('dashboard.skills.subtitle')}
      report={{ to: reportPath(ROLE, 'score/skill'), label: t('dashboard.openReport') }}
    >
      <SectionState query={report} empty={skills.length === 0} emptyText={t('dashboard.skills.none')}>
        {skills.length >= 3 && (
          <ChartFrame label={t('dashboard.skillAverage.chart')}>
            <SkillRadar label={t('dashboard.skillAverage.chart')} series={t('dashboard.skillAverage.series')} items={skills} />
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

export function CompanyAdminDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const { seats } = dashboard;
  const insight = useGetDashboardInsight();
  const seatsPath = reportPath(ROLE, 'licencesummary');
  const nextExpiry = seats.next_expiry;
  const cards = [
    {
      key: 'seatsUsed',
      value: t('dashboard.value.ofTotal', { used: format.count(seats.assigned), total: format.count(seats.sold) }),
      to: seatsPath,
    },
    { key: 'seatsAvailable', value: format.count(Math.max(0, seats.sold - seats.assigned)), to: seatsPath },
    {
      key: 'nextExpiry',
      value: nextExpiry ? format.day(nextExpiry) : t('dashboard.value.none'),
      detail: t('dashboard.value.expiringSoon', { seats: format.count(seats.expiring_soon) }),
      to: seatsPath,
    },
    { key: 'batches', value: format.count(dashboard.batches), to: reportPath(ROLE, 'score', { group: 'batch' }) },
    { key: 'trainees', value: format.count(dashboard.trainees), to: reportPath(ROLE, 'score', { group: 'trainee' }) },
    {
      key: 'attemptsThisWeek',
      value: format.count(dashboard.attempts_this_week),
      to: reportPath(ROLE, 'userdetails', { from: daysAgo(WEEK_DAYS) }),
    },
  ] as const;
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={12}>
          <SummariesSection role={ROLE} insight={insight.data} query={insight} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <NudgesSection insight={insight.data} query={insight} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ExpiringSection role={ROLE} licences={dashboard.expiring_licences} />
        </Grid>
      </Grid>
      <FigureGrid>
        {cards.map((card) => (
          <FigureCell key={card.key}>
            <FigureCard
              label={t(`dashboard.counts.${card.key}`)}
              value={card.value}
              detail={'detail' in card ? card.detail : undefined}
              to={card.to}
            />
          </FigureCell>
        ))}
      </FigureGrid>
      <BelowTheFold>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <BatchProgressSection />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <SkillAverageSection />
          </Grid>
        </Grid>
      </BelowTheFold>
    </>
  );
}
