// The chart of a report view, drawn from the rows of the page the table shows: a radar of the
// skills, bars of the average per level or chapter, stacked bars per row by difficulty or
// approach, a histogram of the scores, or a trainee's progress over time. Its colours come from
// the theme (so it reads in the dark theme too), and in Arabic it runs right to left like the
// page: MUI X Charts mirrors only its tick labels, so the category axis is reversed and the value
// axis moved to the right here. The table below it holds the same numbers for a screen reader.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { LineChart } from '@mui/x-charts/LineChart';
import { RadarChart } from '@mui/x-charts/RadarChart';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnUnit, ReportColumn, ScoreReport } from '@/api/gen/playtrack.schemas';
import { ChartFrame } from '@/components/chart-frame';
import { useCategoryAxis } from '@/lib/category-ticks';
import { radarMargin, wrapLabel } from '@/lib/radar-labels';
import { columnAverages, columnValues, histogram, progress, rowSeries } from '../chart-data';
import { type CellFormat, useCellFormat } from '../hooks/use-cell-format';
import type { ReportScreen } from '../report-screens';

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

/** A value axis from 0, up to 100 for percents unless they are stacked. */
function valueAxis(unit: ColumnUnit, label: string, rtl: boolean, format: CellFormat, stacked = false) {
  return {
    label,
    min: 0,
    ...(unit === 'percent' && !stacked ? { max: 100 } : {}),
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

/** The skill view: each row's profile over the skills, and the page's average as a reference. */
function SkillRadar({ report, loading }: ChartProps) {
  const { theme, rtl, t, format, colors } = useChartSetup();
  const unit = valueUnit(report);
  // Clockwise from the top; counter-clockwise in Arabic, with the first skill still on top.
  const order = report.columns.map((_column, index) => index);
  if (rtl) order.splice(1, order.length - 1, ...order.slice(1).reverse());
  const pick = <T,>(values: readonly T[]) => order.map((index) => values[index] as T);
  const averages = columnAverages(report);
  const largest = Math.max(1, ...averages.map((value) => value ?? 0), ...report.rows.flatMap((row) => row.cells.map((cell) => (typeof cell === 'number' ? cell : 0))));
  const valueFormatter = (value: number | null) => format(value, unit);
  const series = [
    ...rowSeries(report, RADAR_SERIES).map((row, index) => ({
      id: row.id,
      label: row.label,
      data: pick(row.data).map((value) => value ?? 0),
      color: colors[index % colors.length],
      valueFormatter,
    })),
    {
      id: 'average',
      label: t('chart.pageAverage'),
      data: pick(averages).map((value) => value ?? 0),
      color: theme.palette.text.secondary,
      hideMark: true,
      valueFormatter,
    },
  ];
  if (report.columns.length < 3 || report.rows.length === 0) {
    // A radar needs three axes at least; with fewer it would only mislead.
    return <Typography color="text.secondary">{t('chart.tooFewSkills')}</Typography>;
  }
  const metrics = pick(report.columns).map((column) => wrapLabel(column.label));
  return (
    <RadarChart
      height={HEIGHT + 60}
      loading={loading}
      series={series}
      radar={{ metrics, max: unit === 'percent' ? 100 : Math.ceil(largest) }}
      margin={radarMargin(metrics)}
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

/** The difficulty and approach views: a bar per row, stacked by column. */
function StackedBars({ report, loading, byDifficulty }: ChartProps & { byDifficulty: boolean }) {
  const { theme, rtl, t, format, colors } = useChartSetup();
  const unit = valueUnit(report);
  const rows = rowSeries(report);
  const names = rows.map((row) => row.label);
  const [frame, axis] = useCategoryAxis(names);
  return (
    <ChartFrame {...frame}>
      <BarChart
        height={HEIGHT}
        loading={loading}
        xAxis={[axis]}
        yAxis={[valueAxis(unit, t(unit === 'percent' ? 'chart.percentAxis' : 'chart.pointsAxis'), rtl, format, true)]}
        series={report.columns.map((column: ReportColumn, index) => ({
          id: column.key,
          label: column.label,
          stack: 'total',
          data: rows.map((row) => row.data[index] ?? null),
          color: (byDifficulty ? difficultyColor(theme, column.key) : undefined) ?? colors[index % colors.length],
          valueFormatter: (value: number | null) => format(value, unit),
        }))}
      />
    </ChartFrame>
  );
}

/** The overview: how many rows score in each tenth. */
function ScoreHistogram({ report, loading }: ChartProps) {
  const { rtl, t, format, colors } = useChartSetup();
  const { i18n } = useTranslation();
  const wholePercent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const unit = report.columns.find((column) => column.key === 'score')?.unit ?? 'percent';
  const bins = histogram(columnValues(report, 'score'), unit);
  // A band's bounds: whole percents (10 %–20 %) or whole points (0–12).
  const bound = (value: number) => (unit === 'percent' ? wholePercent.format(value / 100) : format(value, 'count'));
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

/** The attempts view: the percent of each attempt over time. */
function ProgressLine({ report, loading }: ChartProps) {
  const { rtl, t, format, colors } = useChartSetup();
  const { i18n } = useTranslation();
  const points = progress(report);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  // The ticks name days; the tooltip the attempt's moment.
  const when = (value: Date, context: { location: string }) =>
    context.location === 'tick' ? day.format(value) : format(value.toISOString(), 'time');
  return (
    <LineChart
      height={HEIGHT}
      loading={loading}
      xAxis={[{ scaleType: 'time', data: points.map((point) => point.at), reverse: rtl, valueFormatter: when }]}
      yAxis={[valueAxis('percent', t('chart.percentAxis'), rtl, format)]}
      series={[
        {
          id: 'percent',
          label: t('chart.percentSeries'),
          data: points.map((point) => point.percent),
          curve: 'linear',
          showMark: true,
          color: colors[0],
          valueFormatter: (value) => format(value, 'percent'),
        },
      ]}
      hideLegend
    />
  );
}

/** The caption of a view's chart: what it shows, in words. */
function captionKey(screen: ReportScreen) {
  switch (screen.view) {
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
      <CardContent>
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
  const chart = () => {
    switch (screen.view) {
      case 'skill':
        return <SkillRadar report={report} loading={loading} />;
      case 'level':
      case 'chapter':
        return <AverageBars report={report} loading={loading} />;
      case 'difficulty':
      case 'approach':
        return <StackedBars report={report} loading={loading} byDifficulty={screen.view === 'difficulty'} />;
      case 'attempts':
        return <ProgressLine report={report} loading={loading} />;
      default:
        return <ScoreHistogram report={report} loading={loading} />;
    }
  };
  return (
    <ChartFigure caption={t(captionKey(screen))}>
      <ChartsLocalizationProvider localeText={{ noData: t('chart.noData'), loading: t('chart.loading') }}>
        {chart()}
      </ChartsLocalizationProvider>
    </ChartFigure>
  );
}
