// The dashboards' charts (loaded only when one is drawn): bars of a score per row (each batch's
// progress) on an axis from 0 to 100 %, a small line of a score week by week, and a radar of the score per skill (the shared one, with
// its scale and its weakest skill marked). Their colours come from the theme, so they read in
// the dark theme too; in Arabic they run right to left like the page (MUI X Charts mirrors only
// its tick labels, so the category axis is reversed and the value axis moved to the right).
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardFormat } from './dashboard-widgets';
import { ChartFrame } from '@/components/chart-frame';
import { useCategoryAxis } from '@/lib/category-ticks';
import { SkillRadar as SharedSkillRadar } from '@/components/skill-radar';

const HEIGHT = 280;

export interface ChartItem {
  label: string;
  /** Percent of the maximum (0–100); `null`: nothing played. */
  value: number | null;
}

interface ChartProps {
  items: readonly ChartItem[];
  /** The chart's accessible name (its numbers are in the table beside it). */
  label: string;
  /** The series' name, in the tooltip and legend. */
  series: string;
}

function Localized({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <ChartsLocalizationProvider localeText={{ noData: t('dashboard.chart.noData'), loading: t('dashboard.chart.loading') }}>
      {children}
    </ChartsLocalizationProvider>
  );
}

/** A bar per item: its score in percent, on an axis from 0 to 100 %. */
export function ScoreBars({ items, label, series }: ChartProps) {
  const theme = useTheme();
  const { t } = useTranslation('shell');
  const format = useDashboardFormat();
  const rtl = theme.direction === 'rtl';
  const names = items.map((item) => item.label);
  const [frame, axis] = useCategoryAxis(names);
  return (
    <Localized>
      <ChartFrame {...frame}>
        <BarChart
          aria-label={label}
          height={HEIGHT}
          xAxis={[axis]}
          yAxis={[
            {
              label: t('dashboard.chart.percentAxis'),
              min: 0,
              max: 100,
              position: rtl ? 'right' : 'left',
              valueFormatter: (value: number) => format.count(value),
            },
          ]}
          series={[
            {
              id: 'score',
              label: series,
              data: items.map((item) => item.value),
              color: theme.palette.primary.main,
              valueFormatter: (value) => (value === null ? '' : format.percent(value)),
            },
          ]}
          hideLegend
        />
      </ChartFrame>
    </Localized>
  );
}

/** A radar of the score per skill, its weakest marked; it needs three skills at least (with
 * fewer it would only mislead, and the table beside it says it all). */
export function SkillRadar({ items, label, series }: ChartProps) {
  const theme = useTheme();
  const format = useDashboardFormat();
  if (items.length < 3) return null;
  return (
    <Localized>
      <SharedSkillRadar
        aria-label={label}
        height={HEIGHT + 40}
        skills={items.map((item) => item.label)}
        series={[{ id: 'skills', label: series, data: items.map((item) => item.value), color: theme.palette.primary.main }]}
        max={100}
        format={format.percent}
        hideLegend
      />
    </Localized>
  );
}

/** A small line of the weeks played, oldest first (from the right in Arabic), on a scale from 0
 * to 100 %: the shape of a trend, whose numbers the words beside it give. */
export function TrendLine({ points, label }: { points: readonly number[]; label: string }) {
  const theme = useTheme();
  const format = useDashboardFormat();
  const data = theme.direction === 'rtl' ? [...points].reverse() : [...points];
  return (
    <SparkLineChart
      aria-label={label}
      data={data}
      height={36}
      yAxis={{ min: 0, max: 100 }}
      color={theme.palette.primary.main}
      valueFormatter={(value) => (value === null ? '' : format.percent(value))}
      showHighlight
      showTooltip
    />
  );
}
