// The chart of a report view, drawn from the rows of the page the table shows: a radar of the
// skills, bars of the average per level or chapter, grouped bars (or, for many rows, a heat map)
// per row by difficulty or approach, a histogram of the scores, or the attempts' average per day
// or week. Every percent axis runs from 0 to 100; a view with nothing to draw says so in the
// shared empty state. Its colours come from the theme (so it reads in the dark theme too), and in
// Arabic it runs right to left like the page: MUI X Charts mirrors only its tick labels, so the
// category axis is reversed and the value axis moved to the right here. The table below it holds
// the same numbers for a screen reader.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { legendClasses } from '@mui/x-charts/ChartsLegend';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnUnit, ReportColumn, ScoreReport } from '@/api/gen/playtrack.schemas';
import { ChartFrame } from '@/components/chart-frame';
import { EmptyState } from '@/components/empty-state';
import { SkillRadar } from '@/components/skill-radar';
import { useCategoryAxis } from '@/lib/category-ticks';
import { useFormats } from '@/lib/formats';
import {
  bucketProgress,
  columnAverages,
  columnValues,
  emptyChart,
  groupedLayout,
  histogram,
  progress,
  rowSeries,
} from '../chart-data';
import { type CellFormat, useCellFormat } from '../hooks/use-cell-format';
import type { ReportScreen } from '../report-screens';
import { HeatMapTable } from './heat-map-table';

const HEIGHT = 320;
/** The most rows a radar draws, beside the page's average. */
export const RADAR_SERIES = 5;

/** Series colours from the theme, in order. */
function seriesColors(theme: Theme): string[] {
  const { palette } = theme;
  return [palette.primary.main, palette.secondary.main, palette.success.main, palette.warning.main, palette.info.main, palette.error.main];
}

/** Difficulties keep their meaning in colour: easy green, medium amber, hard red. */
function difficultyColor(theme: Theme, key: string): string | undefined {
  const colors: Record<string, string> = {
    easy: theme.palette.success.main,
    medium: theme.palette.warning.main,
    hard: theme.palette.error.main,
  };
  return colors[key];
}

/** The unit of a view's values (every column of a per-skill, per-level … view has the same). */
function valueUnit(report: ScoreReport): ColumnUnit {
  return report.columns[0]?.unit ?? 'percent';
}

/** A value axis from 0; for percents, up to 100 and never further. */
function valueAxis(unit: ColumnUnit, label: string, rtl: boolean, format: CellFormat) {
  return {
    label,
    min: 0,
    ...(unit === 'percent' ? { max: 100 } : {}),
    position: rtl ? ('right' as const) : ('left' as const),
    valueFormatter: (value: number) => format(value, unit === 'percent' ? 'count' : unit),
  };
}

interface ChartProps {
  report: ScoreReport;
  loading: boolean;
}

function useChartSetup() {
  const theme = useTheme();
  const { t } = useTranslation('reports');
  const format = useCellFormat();
  return { theme, rtl: theme.direction === 'rtl', t, format, colors: seriesColors(theme) };
}

/** The skill view: each of the first rows' profile over the skills, and the page's average. */
function SkillView({ report, loading }: ChartProps) {
  const { theme, t, format, colors } = useChartSetup();
  const unit = valueUnit(report);
  const largest = Math.max(1, ...report.rows.flatMap((row) => row.cells.map((cell) => (typeof cell === 'number' ? cell : 0))));
  return (
    <SkillRadar
      height={HEIGHT + 60}
      loading={loading}
      skills={report.columns.map((column) => column.label)}
      series={rowSeries(report, RADAR_SERIES).map((row, index) => ({ ...row, color: colors[index % colors.length] ?? '' }))}
      reference={{ label: t('chart.pageAverage'), data: columnAverages(report), color: theme.palette.text.primary }}
      max={unit === 'percent' ? 100 : Math.ceil(largest)}
      format={(value) => format(value, unit)}
    />
  );
}

/** The level and chapter views: the average of each column over the page's rows. */
function AverageBars({ report, loading }: ChartProps) {
  const { rtl, t, format, colors } = useChartSetup();
  const unit = valueUnit(report);
  const names = report.columns.map((column) => column.label);
  const [frame, axis] = useCategoryAxis(names, 11);
  return (
    <ChartFrame {...frame}>
      <BarChart
        height={HEIGHT}
        loading={loading}
        xAxis={[axis]}
        yAxis={[valueAxis(unit, t(unit === 'percent' ? 'chart.percentAxis' : 'chart.pointsAxis'), rtl, format)]}
        series={[
          {
            id: 'average',
            label: t('chart.pageAverage'),
            data: columnAverages(report),
            color: colors[0],
            valueFormatter: (value) => format(value, unit),
          },
        ]}
        hideLegend
      />
    </ChartFrame>
  );
}

/** The difficulty and approach views: a group of bars per row, a bar per column side by side. */
function GroupedBars({ report, loading, byDifficulty }: ChartProps & { byDifficulty: boolean }) {
  const { theme, rtl, t, format, colors } = useChartSetup();
  const unit = valueUnit(report);
  const rows = rowSeries(report);
  const names = rows.map((row) => row.label);
  const [frame, axis] = useCategoryAxis(names);
  const color = (column: ReportColumn, index: number) =>
    (byDifficulty ? difficultyColor(theme, column.key) : undefined) ?? colors[index % colors.length];
  if (groupedLayout(report) === 'heatmap') {
    return <HeatMapTable report={report} unit={unit} label={t(captionKey(byDifficulty ? 'difficulty' : 'approach'))} />;
  }
  const series = report.columns.map((column, index) => ({
    id: column.key,
    label: column.label,
    data: rows.map((row) => row.data[index] ?? null),
    color: color(column, index),
    valueFormatter: (value: number | null) => format(value, unit),
  }));
  // A reversed axis reverses the groups but not the bars inside one: in Arabic the series go
  // in reversed, so easy stands rightmost in its group, and the legend is laid out reversed
  // again, so it still reads easy, medium, hard from the right.
  return (
    <ChartFrame {...frame}>
      <BarChart
        height={HEIGHT}
        loading={loading}
        xAxis={[axis]}
        yAxis={[valueAxis(unit, t(unit === 'percent' ? 'chart.percentAxis' : 'chart.pointsAxis'), rtl, format)]}
        series={rtl ? [...series].reverse() : series}
        sx={rtl ? { [`& .${legendClasses.root}`]: { flexDirection: 'row-reverse' } } : undefined}
      />
    </ChartFrame>
  );
}

/** The overview: how many rows score in each tenth. */
function ScoreHistogram({ report, loading }: ChartProps) {
  const { rtl, t, format, colors } = useChartSetup();
  const formats = useFormats();
  const unit = report.columns.find((column) => column.key === 'score')?.unit ?? 'percent';
  const bins = histogram(columnValues(report, 'score'), unit);
  // A band's bounds: whole percents (10 %–20 %) or whole points (0–12).
  const bound = (value: number) => (unit === 'percent' ? formats.percent(value, true) : format(value, 'count'));
  const names = bins.map((bin) => `${bound(bin.from)}–${bound(bin.to)}`);
  const [frame, axis] = useCategoryAxis(names);
  return (
    <ChartFrame {...frame}>
      <BarChart
        height={HEIGHT}
        loading={loading}
        xAxis={[{ ...axis, label: t(unit === 'percent' ? 'chart.percentAxis' : 'chart.pointsAxis') }]}
        yAxis={[{ label: t('chart.rowsAxis'), min: 0, tickMinStep: 1, position: rtl ? 'right' : 'left' }]}
        series={[
          {
            id: 'rows',
            label: t('chart.rowsAxis'),
            data: bins.map((bin) => bin.count),
            color: colors[0],
            valueFormatter: (value) => format(value, 'count'),
          },
        ]}
        hideLegend
      />
    </ChartFrame>
  );
}

/** The attempts view: the average percent of the page's attempts per day, or per week over a
 * longer range, on a time axis with a tick per day or week; a day or week without attempts
 * breaks the line. */
function ProgressLine({ report, loading }: ChartProps) {
  const { rtl, t, format, colors } = useChartSetup();
  const { date } = useFormats();
  const { unit, buckets } = bucketProgress(progress(report));
  const starts = buckets.map((bucket) => bucket.start);
  // Buckets are UTC days and weeks, so their names are calendar dates.
  const day = (value: Date) => date(value.toISOString());
  const name = (value: Date) => (unit === 'day' ? day(value) : t('chart.weekOf', { date: day(value) }));
  // Half a bucket of room each side, so the first and last points are not on the frame.
  const half = ((unit === 'day' ? 1 : 7) * 24 * 60 * 60 * 1000) / 2;
  const first = starts[0]?.getTime() ?? 0;
  const last = starts.at(-1)?.getTime() ?? 0;
  return (
    <LineChart
      height={HEIGHT}
      loading={loading}
      xAxis={[
        {
          scaleType: 'time',
          data: starts,
          min: new Date(first - half),
          max: new Date(last + half),
          tickInterval: starts,
          reverse: rtl,
          valueFormatter: (value: Date, context) => (context.location === 'tick' ? day(value) : name(value)),
        },
      ]}
      yAxis={[valueAxis('percent', t('chart.percentAxis'), rtl, format)]}
      series={[
        {
          id: 'average',
          label: t('chart.selectionAverage'),
          data: buckets.map((bucket) => bucket.average),
          curve: 'linear',
          showMark: true,
          color: colors[0],
          valueFormatter: (value) => format(value, 'percent'),
        },
      ]}
    />
  );
}

/** The caption of a view's chart: what it shows, in words. */
function captionKey(view: ReportScreen['view']) {
  switch (view) {
    case 'skill':
      return 'chart.caption.skill';
    case 'level':
      return 'chart.caption.level';
    case 'chapter':
      return 'chart.caption.chapter';
    case 'difficulty':
      return 'chart.caption.difficulty';
    case 'approach':
      return 'chart.caption.approach';
    case 'attempts':
      return 'chart.caption.attempts';
    default:
      return 'chart.caption.overview';
  }
}

function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="figure" aria-labelledby={id} sx={{ m: 0, mb: 2 }}>
      {/* On a phone every pixel of width is the chart's (a radar's radius is half of what is left). */}
      <CardContent sx={{ px: { xs: 1, sm: 2 } }}>
        <Typography id={id} component="figcaption" variant="subtitle1" sx={{ mb: 1 }}>
          {caption}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function ReportChart({ screen, report, loading }: ChartProps & { screen: ReportScreen }) {
  const { t } = useTranslation('reports');
  const empty = emptyChart(screen.view, report);
  const chart = () => {
    switch (screen.view) {
      case 'skill':
        return <SkillView report={report} loading={loading} />;
      case 'level':
      case 'chapter':
        return <AverageBars report={report} loading={loading} />;
      case 'difficulty':
      case 'approach':
        return <GroupedBars report={report} loading={loading} byDifficulty={screen.view === 'difficulty'} />;
      case 'attempts':
        return <ProgressLine report={report} loading={loading} />;
      default:
        return <ScoreHistogram report={report} loading={loading} />;
    }
  };
  return (
    <ChartFigure caption={t(captionKey(screen.view))}>
      {empty ? (
        <EmptyState message={t(empty === 'tooFewSkills' ? 'chart.tooFewSkills' : 'chart.noData')} />
      ) : (
        <ChartsLocalizationProvider localeText={{ noData: t('chart.noData'), loading: t('chart.loading') }}>
          {chart()}
        </ChartsLocalizationProvider>
      )}
    </ChartFigure>
  );
}
