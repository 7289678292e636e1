// A report's answer in words, above its chart: the selection's score and how it moved, its
// weakest and strongest skill and level beside the cohort, and who has gone quiet.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InsightStanding, ReportInsight as Insight } from '@/api/gen/playtrack.schemas';
import { LoadingBlock } from '@/components/loading-block';
import { useCellFormat } from '../hooks/use-cell-format';

/** A change smaller than this many points reads as steady. */
const STEADY = 0.5;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

export function ReportInsight({ insight }: { insight: Insight | undefined }) {
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  if (!insight) return <LoadingBlock height={56} sx={{ mb: 2 }} />;
  const percent = (value: number | null | undefined) => format(value ?? null, 'percent');
  const points = (value: number) => format(Math.abs(value), 'points');
  const standing = (s: InsightStanding | null | undefined) =>
    s ? (
      <>
        <Box component="span" dir="auto">
          {s.name}
        </Box>{' '}
        {percent(s.score)}
        {typeof s.cohort === 'number' && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            {t('insight.cohort', { score: percent(s.cohort) })}
          </Typography>
        )}
      </>
    ) : (
      '—'
    );
  const change = insight.change;
  const trend =
    typeof change !== 'number'
      ? t('insight.noChange')
      : Math.abs(change) < STEADY
        ? t('insight.steady')
        : t(change > 0 ? 'insight.up' : 'insight.down', { points: points(change) });
  if (typeof insight.score !== 'number') return null;
  return (
    <Box
      component="section"
      aria-label={t('insight.label')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(160px, 1fr))' },
        gap: 2,
        p: 2,
        mb: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Fact label={t('insight.score')}>
        {percent(insight.score)}{' '}
        <Typography
          component="span"
          variant="body2"
          color={typeof change === 'number' && Math.abs(change) >= STEADY ? (change > 0 ? 'success.main' : 'error.main') : 'text.secondary'}
        >
          {trend}
        </Typography>
      </Fact>
      <Fact label={t('insight.weakestSkill')}>{standing(insight.weakest_skill)}</Fact>
      <Fact label={t('insight.strongestSkill')}>{standing(insight.strongest_skill)}</Fact>
      <Fact label={t('insight.weakestLevel')}>{standing(insight.weakest_level)}</Fact>
      {insight.trainees > 0 && (
        <Fact label={t('insight.quietLabel', { days: insight.quiet_days })}>
          {t('insight.quiet', { quiet: insight.quiet, total: insight.trainees })}
        </Fact>
      )}
    </Box>
  );
}
