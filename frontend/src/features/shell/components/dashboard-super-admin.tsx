// The super admin's dashboard: first its answer — each company's weekly trend, weakest skill and
// quiet trainees, the licences that end soon — then the companies and trainees, the seats sold,
// assigned, activated and expiring within 30 days, this week's attempts; the strongest and
// weakest skills over all play; and the most and least active companies of the last 30 days.
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetDashboardInsight, useGetScoreReport } from '../api/dashboard';
import type { CompanyActivity, Dashboard } from '@/api/gen/playtrack.schemas';
import {
  ACTIVITY_DAYS,
  type ColumnValue,
  daysAgo,
  mostAndLeastActive,
  reportPath,
  strongestAndWeakest,
  WEEK_DAYS,
} from './dashboard-data';
import {
  BelowTheFold,
  FigureCard,
  FigureCell,
  FigureGrid,
  FigureTable,
  LOADED,
  Section,
  SectionState,
  useDashboardFormat,
} from './dashboard-widgets';
import { ExpiringSection, SummariesSection } from './dashboard-insight';

const ROLE = 'SUPER_ADMIN';

function SkillList({ title, skills }: { title: string; skills: ColumnValue[] }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  return (
    <FigureTable
      label={title}
      items={skills}
      rowKey={(skill) => skill.key}
      columns={[
        { header: t('dashboard.columns.skill'), cell: (skill) => skill.label },
        { header: t('dashboard.columns.score'), cell: (skill) => format.percent(skill.value), numeric: true },
      ]}
    />
  );
}

function Skills() {
  const { t } = useTranslation('shell');
  const report = useGetScoreReport({ view: 'skill', group: 'all', measure: 'percent' });
  const { strongest, weakest } = strongestAndWeakest(report.data);
  const link = { to: reportPath(ROLE, 'score/skill'), label: t('dashboard.openReport') };
  const sections = [
    { key: 'strongest', title: t('dashboard.skills.strongest'), skills: strongest },
    { key: 'weakest', title: t('dashboard.skills.weakest'), skills: weakest },
  ];
  return sections.map((section) => (
    <Grid key={section.key} size={{ xs: 12, md: 6 }}>
      <Section title={section.title} subtitle={t('dashboard.skills.subtitle')} report={link}>
        <SectionState query={report} empty={section.skills.length === 0} emptyText={t('dashboard.skills.none')}>
          <SkillList title={section.title} skills={section.skills} />
        </SectionState>
      </Section>
    </Grid>
  ));
}

function CompanyList({ title, companies }: { title: string; companies: CompanyActivity[] }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  return (
    <FigureTable
      label={title}
      items={companies}
      rowKey={(company) => company.company_id}
      columns={[
        {
          header: t('dashboard.columns.company'),
          cell: (company) => (
            <Link
              component={RouterLink}
              to={reportPath(ROLE, 'score', { company: company.company_id, group: 'batch' })}
              dir="auto"
            >
              {company.name}
            </Link>
          ),
        },
        {
          header: t('dashboard.columns.attempts30'),
          cell: (company) => format.count(company.attempts),
          numeric: true,
        },
      ]}
    />
  );
}

function Activity({ activity }: { activity: CompanyActivity[] }) {
  const { t } = useTranslation('shell');
  const { most, least } = mostAndLeastActive(activity);
  const link = { to: reportPath(ROLE, 'score'), label: t('dashboard.openReport') };
  const sections = [
    { key: 'most', title: t('dashboard.activity.most'), companies: most },
    { key: 'least', title: t('dashboard.activity.least'), companies: least },
  ];
  return sections.map((section) => (
    <Grid key={section.key} size={{ xs: 12, md: 6 }}>
      <Section title={section.title} subtitle={t('dashboard.activity.subtitle', { days: ACTIVITY_DAYS })} report={link}>
        <SectionState query={LOADED} empty={section.companies.length === 0} emptyText={t('dashboard.activity.none')}>
          <CompanyList title={section.title} companies={section.companies} />
        </SectionState>
      </Section>
    </Grid>
  ));
}

export function SuperAdminDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const insight = useGetDashboardInsight();
  const figure = (value: (d: Dashboard) => number) => format.count(value(dashboard));
  const seats = reportPath(ROLE, 'licencesummary');
  const cards = [
    { key: 'companies', value: figure((d) => d.companies), to: reportPath(ROLE, 'score') },
    { key: 'trainees', value: figure((d) => d.trainees), to: reportPath(ROLE, 'score', { group: 'trainee' }) },
    { key: 'seatsSold', value: figure((d) => d.seats.sold), to: seats },
    { key: 'seatsAssigned', value: figure((d) => d.seats.assigned), to: seats },
    { key: 'seatsActivated', value: figure((d) => d.seats.activated), to: seats },
    { key: 'seatsExpiring', value: figure((d) => d.seats.expiring_soon), to: seats },
    {
      key: 'attemptsThisWeek',
      value: figure((d) => d.attempts_this_week),
      to: reportPath(ROLE, 'userdetails', { from: daysAgo(WEEK_DAYS) }),
    },
  ] as const;
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={12}>
          <SummariesSection role={ROLE} insight={insight.data} query={insight} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ExpiringSection role={ROLE} licences={dashboard.expiring_licences} />
        </Grid>
      </Grid>
      <FigureGrid>
        {cards.map((card) => (
          <FigureCell key={card.key}>
            <FigureCard label={t(`dashboard.counts.${card.key}`)} value={card.value} to={card.to} />
          </FigureCell>
        ))}
      </FigureGrid>
      <BelowTheFold>
        <Grid container spacing={2}>
          <Skills />
          <Activity activity={dashboard.activity} />
        </Grid>
      </BelowTheFold>
    </>
  );
}
