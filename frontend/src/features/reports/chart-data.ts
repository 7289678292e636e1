// What the charts draw, taken from the rows of the page the table shows (the report is paged by
// the server, so a chart never claims more than the rows beside it).
import type { ColumnUnit, ReportRowCellsItem, ScoreReport } from '@/api/gen/playtrack.schemas';

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
