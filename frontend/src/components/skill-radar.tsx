// A radar of scores per skill, the dashboards' and the skill report's: a scale (0 to its
// maximum) beside the first skill's axis, a reference series (the page's average) drawn as a
// dashed outline over the filled rows so it shows even where a single row lies on it, and the
// weakest skill marked (▼ before its name) and named in words under the radar. In Arabic it
// turns counter-clockwise with its first skill still on top.
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { RadarAxis, RadarChart, radarClasses } from '@mui/x-charts/RadarChart';
import { useTranslation } from 'react-i18next';
import { LABEL_FONT_SIZE, radarMargin, wrapLabel } from '@/lib/radar-labels';
import { weakestIndex } from '@/lib/weakest';

export interface RadarSeries {
  id: string;
  label: string;
  /** A value per skill; null where nothing was played. */
  data: readonly (number | null)[];
  color: string;
}

/** The reference series' id, drawn dashed and unfilled. */
const REFERENCE = 'reference';
/** Scale labels beside the first axis: 25, 50, 75 and 100 of 100. */
const DIVISIONS = 4;

interface SkillRadarProps {
  skills: readonly string[];
  series: readonly RadarSeries[];
  /** The series the others are compared with; its weakest skill is the one marked. */
  reference?: Omit<RadarSeries, 'id'>;
  max: number;
  height: number;
  format: (value: number) => string;
  loading?: boolean;
  hideLegend?: boolean;
  'aria-label'?: string;
}

export function SkillRadar({ skills, series, reference, max, height, format, loading, hideLegend, ...rest }: SkillRadarProps) {
  const theme = useTheme();
  const { t } = useTranslation('common');
  const marked = reference?.data ?? series[0]?.data ?? [];
  const weakest = weakestIndex(marked);
  // Clockwise from the top; counter-clockwise in Arabic, with the first skill still on top.
  const order = skills.map((_skill, index) => index);
  if (theme.direction === 'rtl') order.splice(1, order.length - 1, ...order.slice(1).reverse());
  const pick = <T,>(values: readonly T[]) => order.map((index) => values[index] as T);
  const metrics = pick(skills.map((skill) => wrapLabel(skill)));
  const weakestName = weakest === null ? undefined : wrapLabel(skills[weakest] ?? '');
  // The mark goes on the shown name only: the metric keeps its name, which the scale and the
  // series look it up by (a no-break space keeps the mark on the name's first line).
  const shown = (name: string) => (name === weakestName ? `▼\u00a0${name}` : name);
  const valueFormatter = (value: number | null) => (value === null ? '' : format(value));
  const drawn = [
    ...series.map((one) => ({ ...one, data: pick(one.data).map((value) => value ?? 0), valueFormatter })),
    ...(reference
      ? [{ ...reference, id: REFERENCE, data: pick(reference.data).map((value) => value ?? 0), fillArea: false, hideMark: true, valueFormatter }]
      : []),
  ];
  const weakestValue = weakest === null ? null : marked[weakest];
  return (
    <>
      <RadarChart
        // Other skills are another chart: its scale would look up a skill the chart no longer has.
        key={metrics.join('|')}
        aria-label={rest['aria-label']}
        height={height}
        loading={loading}
        series={drawn}
        radar={{ metrics, max, labelFormatter: shown }}
        margin={radarMargin(metrics.map(shown))}
        hideLegend={hideLegend}
        sx={{
          [`& .${radarClasses.seriesArea}[data-series="${REFERENCE}"]`]: { strokeDasharray: '6 4', strokeWidth: 2 },
          [`& .${radarClasses.axisLabel}`]: { fill: theme.palette.text.secondary, fontSize: LABEL_FONT_SIZE },
          // The chart anchors its texts as if left to right; right to left, a text's start is
          // its right end, which laid the names on the radar's right over it: swapped back here.
          ...(theme.direction === 'rtl' && {
            '& text[text-anchor="start"]': { textAnchor: 'end' },
            '& text[text-anchor="end"]': { textAnchor: 'start' },
          }),
        }}
      >
        {metrics[0] !== undefined && (
          // Halfway to the second skill, clear of the marks on the skills' own axes.
          <RadarAxis metric={metrics[0]} angle={(theme.direction === 'rtl' ? -180 : 180) / metrics.length} divisions={DIVISIONS} />
        )}
      </RadarChart>
      {weakest !== null && weakestValue !== null && weakestValue !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('chart.weakestSkill', { skill: skills[weakest], score: format(weakestValue) })}
        </Typography>
      )}
    </>
  );
}
