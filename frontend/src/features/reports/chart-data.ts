// What the charts draw, taken from the rows of the page the table shows (the report is paged by
// the server, so a chart never claims more than the rows beside it).
import type { ColumnUnit, GetScoreReportView, ReportRowCellsItem, ScoreReport } from '@/api/gen/playtrack.schemas';

const numberOf = (cell: ReportRowCellsItem | undefined): number | null => (typeof cell === 'number' ? cell : null);

/** The mean of each column over the rows that have a value there; null where none has. */
export function columnAverages(report: ScoreReport): (number | null)[] {
  return report.columns.map((_column, index) => {
    const values = report.rows.map((row) => numberOf(row.cells[index])).filter((value) => value !== null);
    return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  });
}

export interface RowSeries {
  id: string;
  label: string;
  /** One per column; null where the row has nothing. */
  data: (number | null)[];
}

/** The first `max` rows, a value per column. */
export function rowSeries(report: ScoreReport, max = Number.POSITIVE_INFINITY): RowSeries[] {
  return report.rows.slice(0, max).map((row) => ({
    id: row.id,
    label: row.label,
    data: report.columns.map((_column, index) => numberOf(row.cells[index])),
  }));
}

/** The column of `key`, or -1. */
export function columnIndex(report: ScoreReport, key: string): number {
  return report.columns.findIndex((column) => column.key === key);
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

export const BINS = 10;

/** How many values fall in each of ten bins: of 10 % each for percents; for points, of a tenth of
 * the largest value (whole points, at least one). The last bin holds its upper bound. */
export function histogram(values: readonly number[], unit: ColumnUnit): Bin[] {
  const largest = Math.max(0, ...values);
  const width = unit === 'percent' ? 100 / BINS : Math.max(1, Math.ceil(largest / BINS));
  const bins: Bin[] = Array.from({ length: BINS }, (_bin, index) => ({ from: index * width, to: (index + 1) * width, count: 0 }));
  for (const value of values) {
    const index = Math.min(BINS - 1, Math.max(0, Math.floor(value / width)));
    const bin = bins[index];
    if (bin) bin.count += 1;
  }
  return bins;
}

/** The values of one column over the rows, leaving out the rows without one. */
export function columnValues(report: ScoreReport, key: string): number[] {
  const index = columnIndex(report, key);
  if (index < 0) return [];
  return report.rows.map((row) => numberOf(row.cells[index])).filter((value) => value !== null);
}

export interface ProgressPoint {
  at: Date;
  percent: number;
}

/** The attempts in the order they were completed, each with its percent of the maximum. */
export function progress(report: ScoreReport): ProgressPoint[] {
  const at = columnIndex(report, 'completed_at');
  const percent = columnIndex(report, 'percent');
  if (at < 0 || percent < 0) return [];
  return report.rows
    .flatMap((row) => {
      const time = row.cells[at];
      const value = numberOf(row.cells[percent]);
      if (typeof time !== 'string' || value === null) return [];
      const date = new Date(time);
      return Number.isNaN(date.getTime()) ? [] : [{ at: date, percent: value }];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The most bars grouped bars draw (rows × columns); with more, a heat map shows the rows. */
export const GROUPED_BARS_MAX = 36;

/** Whether the difficulty and approach views draw grouped bars or, for many rows, a heat map. */
export function groupedLayout(report: ScoreReport): 'bars' | 'heatmap' {
  return report.rows.length * report.columns.length <= GROUPED_BARS_MAX ? 'bars' : 'heatmap';
}

/** Why a view's chart has nothing to draw, or null when it has something. A radar needs three
 * skills at least: with fewer it would only mislead. */
export function emptyChart(view: GetScoreReportView, report: ScoreReport): 'noData' | 'tooFewSkills' | null {
  const anyValue = report.rows.some((row) => row.cells.some((cell) => typeof cell === 'number'));
  switch (view) {
    case 'skill':
      if (!anyValue) return 'noData';
      return report.columns.length < 3 ? 'tooFewSkills' : null;
    case 'overview':
      return columnValues(report, 'score').length === 0 ? 'noData' : null;
    case 'attempts':
      return progress(report).length === 0 ? 'noData' : null;
    default:
      return anyValue ? null : 'noData';
  }
}

export type BucketUnit = 'day' | 'week';

export interface Bucket {
  /** The bucket's first moment: midnight UTC of its day, or of its week's Monday. */
  start: Date;
  /** The mean percent of the attempts in it; null where none was completed. */
  average: number | null;
  attempts: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Up to this many days the attempts are put in days; over it, in weeks. */
export const DAILY_UP_TO_DAYS = 31;

function startOf(unit: BucketUnit, at: Date): number {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (unit === 'day') return day;
  // 1970-01-01 was a Thursday: days since a Monday are (weekday + 6) % 7.
  const weekday = new Date(day).getUTCDay();
  return day - ((weekday + 6) % 7) * DAY_MS;
}

/** The attempts' average percent per day (over a month at most) or per week (longer), from the
 * first bucket to the last, with the buckets nothing was completed in left empty (null), so a
 * line breaks there rather than joining attempts far apart. */
export function bucketProgress(points: readonly ProgressPoint[]): { unit: BucketUnit; buckets: Bucket[] } {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { unit: 'day', buckets: [] };
  const span = (startOf('day', last.at) - startOf('day', first.at)) / DAY_MS;
  const unit: BucketUnit = span <= DAILY_UP_TO_DAYS ? 'day' : 'week';
  const step = unit === 'day' ? DAY_MS : 7 * DAY_MS;
  const sums = new Map<number, { total: number; count: number }>();
  for (const point of points) {
    const key = startOf(unit, point.at);
    const sum = sums.get(key) ?? { total: 0, count: 0 };
    sums.set(key, { total: sum.total + point.percent, count: sum.count + 1 });
  }
  const buckets: Bucket[] = [];
  for (let at = startOf(unit, first.at); at <= startOf(unit, last.at); at += step) {
    const sum = sums.get(at);
    buckets.push({ start: new Date(at), average: sum ? sum.total / sum.count : null, attempts: sum?.count ?? 0 });
  }
  return { unit, buckets };
}
