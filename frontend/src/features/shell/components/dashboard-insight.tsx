// The dashboards' answer before their charts (GET /dashboard/insight): each batch's or company's
// weekly trend and weakest skill — a link to the skill report of that batch or company, one click
// away — the trainees to nudge and why, the licences that end soon, and a trainee's own trend,
// weakest skill and next level.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetDashboardInsight } from '../api/dashboard';
import type {
  DashboardInsight,
  DashboardNudge,
  DashboardSummary,
  ExpiringLicence,
} from '@/api/gen/playtrack.schemas';
import type { Role } from '@/lib/session';
import { mailto, reportPath } from './dashboard-data';
import {
  type DashboardFormat,
  FigureTable,
  LOADED,
  Section,
  SectionState,
  TrendLine,
  useDashboardFormat,
} from './dashboard-widgets';

type Admin = Exclude<Role, 'USER'>;

/** The weeks a summary played, oldest first. */
function played(summary: DashboardSummary): number[] {
  return summary.trend.flatMap((week) => (typeof week.score === 'number' ? [week.score] : []));
}

/** A trend in words: how far the score moved since the first week played, or why it cannot say. */
function useChangeText() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  return (summary: DashboardSummary): string => {
    const first = summary.trend.find((week) => typeof week.score === 'number');
    const change = summary.change;
    if (typeof change !== 'number' || first === undefined) return t('dashboard.trend.tooFew');
    const values = { points: format.decimal(Math.abs(change)), day: format.day(first.from) };
    if (Math.abs(change) < 0.05) return t('dashboard.trend.flat', values);
    return t(change > 0 ? 'dashboard.trend.up' : 'dashboard.trend.down', values);
  };
}

/** A trend's line and its words. */
function TrendCell({ summary, label }: { summary: DashboardSummary; label: string }) {
  const changeText = useChangeText();
  const points = played(summary);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 200 }}>
      {points.length > 1 && (
        <Box sx={{ width: 96, flexShrink: 0 }}>
          <Suspense fallback={null}>
            <TrendLine points={points} label={label} />
          </Suspense>
        </Box>
      )}
      <Typography variant="body2">{changeText(summary)}</Typography>
    </Stack>
  );
}

/** Each batch (company admin) or company (super admin): its score, trend, weakest skill — a link
 * to the skill report of that batch or company — and how many of its trainees went quiet. */
export function SummariesSection({ role, insight, query }: {
  role: Admin;
  insight: DashboardInsight | undefined;
  query: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const companies = role === 'SUPER_ADMIN';
  const filter = companies ? 'company' : 'batch';
  const summaries = insight?.summaries ?? [];
  const weeks = insight?.trend_weeks ?? 0;
  const title = t(companies ? 'dashboard.trend.titleCompanies' : 'dashboard.trend.title');
  return (
    <Section
      title={title}
      subtitle={t('dashboard.trend.subtitle', { weeks })}
      report={{ to: reportPath(role, 'score/skill', { group: filter }), label: t('dashboard.openReport') }}
    >
      <SectionState
        query={query}
        empty={summaries.length === 0}
        emptyText={t(companies ? 'dashboard.trend.noCompanies' : 'dashboard.trend.none')}
      >
        <FigureTable
          label={title}
          items={summaries}
          rowKey={(summary) => summary.id}
          columns={[
            {
              header: t(companies ? 'dashboard.columns.company' : 'dashboard.columns.batch'),
              cell: (summary) => (
                <Link component={RouterLink} to={reportPath(role, 'score', { [filter]: summary.id })} dir="auto">
                  {summary.name}
                </Link>
              ),
            },
            {
              header: t('dashboard.columns.score'),
              cell: (summary) =>
                typeof summary.score === 'number' ? format.percent(summary.score) : t('dashboard.value.notPlayed'),
              numeric: true,
            },
            {
              header: t('dashboard.columns.weeklyTrend', { weeks }),
              cell: (summary) => <TrendCell summary={summary} label={t('dashboard.trend.chart', { name: summary.name })} />,
            },
            {
              header: t('dashboard.columns.weakestSkill'),
              cell: (summary) =>
                summary.weakest_skill ? (
                  <Link component={RouterLink} to={reportPath(role, 'score/skill', { [filter]: summary.id })}>
                    {t('dashboard.trend.skill', {
                      skill: summary.weakest_skill.name,
                      score: format.percent(summary.weakest_skill.score),
                    })}
                  </Link>
                ) : (
                  t('dashboard.trend.noSkill')
                ),
            },
            {
              header: t('dashboard.columns.inactive', { days: insight?.quiet_days ?? 0 }),
              cell: (summary) =>
                t('dashboard.value.ofTotal', { used: format.count(summary.quiet), total: format.count(summary.trainees) }),
              numeric: true,
            },
          ]}
        />
      </SectionState>
    </Section>
  );
}

/** Why a trainee is worth a nudge, in words. */
function reason(nudge: DashboardNudge, format: DashboardFormat, t: TFunction<'shell'>): string {
  const reasons: string[] = [];
  if (nudge.quiet) {
    reasons.push(
      nudge.last_played
        ? t('dashboard.nudges.quietSince', { day: format.dateTime(nudge.last_played) })
        : t('dashboard.inactive.neverPlayed'),
    );
  }
  if (nudge.behind) {
    reasons.push(
      t('dashboard.nudges.behind', {
        score: format.percent(nudge.behind.score),
        batch: nudge.behind.batch_name,
        batchScore: format.percent(nudge.behind.batch_score),
        points: format.decimal(nudge.behind.batch_score - nudge.behind.score),
      }),
    );
  }
  return reasons.join(' · ');
}

/** A company admin's trainees to nudge, each with why and a reminder written in the admin's own
 * mail program (a mailto: link — the portal sends nothing). */
export function NudgesSection({ insight, query }: {
  insight: DashboardInsight | undefined;
  query: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const days = insight?.quiet_days ?? 0;
  const nudges = insight?.nudges ?? [];
  const quiet = nudges.filter((nudge) => nudge.quiet);
  const title = t('dashboard.nudges.title');
  const url = window.location.origin;
  const mailOf = (nudge: DashboardNudge) =>
    nudge.quiet
      ? { subject: t('dashboard.inactive.mail.subject'), body: t('dashboard.inactive.mail.body', { name: nudge.name, url, days }) }
      : { subject: t('dashboard.nudges.mail.subject'), body: t('dashboard.nudges.mail.body', { name: nudge.name, url }) };
  return (
    <Section
      title={title}
      subtitle={t('dashboard.nudges.subtitle', { days, points: format.count(insight?.behind_by ?? 0) })}
      report={{ to: reportPath('COMPANY_ADMIN', 'score', { group: 'trainee', sort: 'last_played', order: 'asc' }), label: t('dashboard.openReport') }}
    >
      <SectionState query={query} empty={nudges.length === 0} emptyText={t('dashboard.nudges.none', { days })}>
        {quiet.length > 0 && (
          <Button
            href={mailto({
              bcc: quiet.map((nudge) => nudge.email),
              subject: t('dashboard.inactive.mail.subject'),
              body: t('dashboard.inactive.mail.bodyAll', { url, days }),
            })}
            startIcon={<MailOutlined />}
            variant="outlined"
            size="small"
            sx={{ mb: 1 }}
          >
            {t('dashboard.nudges.remindQuiet')}
          </Button>
        )}
        <FigureTable
          label={title}
          items={nudges}
          rowKey={(nudge) => nudge.id}
          columns={[
            {
              header: t('dashboard.columns.trainee'),
              cell: (nudge) => (
                <Link component={RouterLink} to={reportPath('COMPANY_ADMIN', 'userdetails', { user: nudge.id })} dir="auto">
                  {nudge.name}
                </Link>
              ),
            },
            { header: t('dashboard.columns.email'), cell: (nudge) => <span dir="ltr">{nudge.email}</span> },
            { header: t('dashboard.columns.reason'), cell: (nudge) => reason(nudge, format, t) },
            {
              header: t('dashboard.columns.remind'),
              cell: (nudge) => (
                <Link
                  href={mailto({ to: nudge.email, ...mailOf(nudge) })}
                  aria-label={t('dashboard.inactive.remindOne', { name: nudge.name })}
                >
                  {t('dashboard.inactive.remind')}
                </Link>
              ),
            },
          ]}
        />
      </SectionState>
    </Section>
  );
}

/** The running licences that end within 30 days: when, and how many seats in use end with them. */
export function ExpiringSection({ role, licences }: { role: Admin; licences: ExpiringLicence[] }) {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const title = t('dashboard.expiring.title');
  const companyColumn = {
    header: t('dashboard.columns.company'),
    cell: (licence: ExpiringLicence) => <span dir="auto">{licence.company_name}</span>,
  };
  return (
    <Section title={title} report={{ to: reportPath(role, 'licencesummary'), label: t('dashboard.openReport') }}>
      <SectionState query={LOADED} empty={licences.length === 0} emptyText={t('dashboard.expiring.none')}>
        <FigureTable
          label={title}
          items={licences}
          rowKey={(licence) => licence.allocation_id}
          columns={[
            ...(role === 'SUPER_ADMIN' ? [companyColumn] : []),
            { header: t('dashboard.columns.lastDay'), cell: (licence) => format.day(licence.valid_until) },
            {
              header: t('dashboard.columns.seatsInUse'),
              cell: (licence) =>
                t('dashboard.value.ofTotal', { used: format.count(licence.assigned), total: format.count(licence.seats) }),
              numeric: true,
            },
          ]}
        />
      </SectionState>
    </Section>
  );
}

/** A trainee's own answer: their weekly trend, their weakest skill and the level to play next. */
export function OwnInsightSection() {
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const insight = useGetDashboardInsight();
  const changeText = useChangeText();
  const own = insight.data?.summaries[0];
  const next = insight.data?.next_level ?? null;
  const weeks = insight.data?.trend_weeks ?? 0;
  const title = t('dashboard.mine.title', { weeks });
  const points = own ? played(own) : [];
  return (
    <Section title={title} report={{ to: reportPath('USER', 'score'), label: t('dashboard.openReport') }}>
      <SectionState query={insight} empty={own === undefined} emptyText={t('dashboard.mine.none')}>
        {own && (
          <Stack spacing={2}>
            <Box>
              <Typography component="h3" variant="subtitle2" color="text.secondary">
                {t('dashboard.mine.trend')}
              </Typography>
              {points.length > 1 && (
                <Box sx={{ maxWidth: 320 }}>
                  <Suspense fallback={null}>
                    <TrendLine points={points} label={t('dashboard.mine.trend')} />
                  </Suspense>
                </Box>
              )}
              <Typography>{changeText(own)}</Typography>
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle2" color="text.secondary">
                {t('dashboard.mine.weakest')}
              </Typography>
              {own.weakest_skill ? (
                <Link component={RouterLink} to={reportPath('USER', 'score')}>
                  {t('dashboard.trend.skill', { skill: own.weakest_skill.name, score: format.percent(own.weakest_skill.score) })}
                </Link>
              ) : (
                <Typography>{t('dashboard.trend.noSkill')}</Typography>
              )}
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle2" color="text.secondary">
                {t('dashboard.mine.next')}
              </Typography>
              {next ? (
                <>
                  <Link
                    component={RouterLink}
                    to={reportPath('USER', 'viewlevel', typeof next.score === 'number' ? { level: next.id } : {})}
                    dir="auto"
                  >
                    {next.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {typeof next.score === 'number'
                      ? t('dashboard.mine.nextWeakest', { score: format.percent(next.score) })
                      : t('dashboard.mine.nextNew')}
                  </Typography>
                </>
              ) : (
                <Typography>{t('dashboard.mine.nextNone')}</Typography>
              )}
            </Box>
          </Stack>
        )}
      </SectionState>
    </Section>
  );
}
