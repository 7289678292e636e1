import { ATTEMPTS_REPORT, COMPANY_OVERVIEW, SKILL_REPORT } from './testing/fixtures';
import type { ScoreReport } from '@/api/gen/playtrack.schemas';
import {
  bucketProgress,
  columnAverages,
  columnValues,
  emptyChart,
  groupedLayout,
  histogram,
  progress,
  rowSeries,
} from './chart-data';

describe('the charts’ numbers', () => {
  it('averages each column over the rows that have a value', () => {
    expect(columnAverages(SKILL_REPORT)).toEqual([60, 75, 70]);
    expect(columnAverages({ ...SKILL_REPORT, rows: [] })).toEqual([null, null, null]);
  });

  it('takes at most the asked number of rows as series', () => {
    expect(rowSeries(SKILL_REPORT, 1)).toEqual([{ id: SKILL_REPORT.rows[0]?.id, label: 'Rohan Das', data: [80, 60, null] }]);
    expect(rowSeries(SKILL_REPORT)).toHaveLength(2);
  });

  it('counts percents in ten bands of 10 %, the last one holding 100 %', () => {
    const bins = histogram([0, 9.9, 10, 55, 99.9, 100], 'percent');
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(bins[9]).toEqual({ from: 90, to: 100, count: 2 });
  });

  it('counts points in ten bands of a tenth of the largest, in whole points', () => {
    const bins = histogram([3, 48, 115], 'points');
    expect(bins[0]).toEqual({ from: 0, to: 12, count: 1 });
    expect(bins.map((bin) => bin.count)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(histogram([], 'points').every((bin) => bin.count === 0)).toBe(true);
  });

  it("reads the overview's scores, leaving out the rows that played nothing", () => {
    expect(columnValues(COMPANY_OVERVIEW, 'score')).toEqual([72.456]);
    expect(columnValues(COMPANY_OVERVIEW, 'missing')).toEqual([]);
  });

  it('puts the attempts in the order they were completed', () => {
    const later = { ...ATTEMPTS_REPORT.rows[0], id: 'later', label: 'later', cells: ['', '', '', 0, 0, 95, 0, '2026-04-01T08:00:00Z'], started: true };
    const report = { ...ATTEMPTS_REPORT, rows: [later, ...ATTEMPTS_REPORT.rows] };
    expect(progress(report)).toEqual([
      { at: new Date('2026-03-04T10:15:00Z'), percent: 80 },
      { at: new Date('2026-04-01T08:00:00Z'), percent: 95 },
    ]);
  });
});

const DIFFICULTY_COLUMNS: ScoreReport['columns'] = ['easy', 'medium', 'hard'].map((key) => ({ key, label: key, unit: 'percent' }));

function byDifficulty(rows: number): ScoreReport {
  return {
    ...SKILL_REPORT,
    columns: DIFFICULTY_COLUMNS,
    rows: Array.from({ length: rows }, (_row, index) => ({ id: `row-${index}`, label: `Trainee ${index}`, cells: [90, 70, 40], started: true })),
    total: rows,
  };
}

describe('what a chart draws', () => {
  it('groups the bars of a few rows side by side, and shows many rows as a heat map', () => {
    expect(groupedLayout(byDifficulty(12))).toBe('bars');
    expect(groupedLayout(byDifficulty(13))).toBe('heatmap');
  });

  it('says there is nothing to draw when no row has a value, whatever the view', () => {
    const nothing = { ...byDifficulty(2), rows: [{ id: 'r', label: 'Rohan', cells: [null, null, null], started: true }] };
    for (const view of ['level', 'chapter', 'difficulty', 'approach', 'skill'] as const) {
      expect(emptyChart(view, nothing), view).toBe('noData');
      expect(emptyChart(view, { ...nothing, rows: [] }), view).toBe('noData');
    }
    expect(emptyChart('overview', { ...COMPANY_OVERVIEW, rows: [] })).toBe('noData');
    expect(emptyChart('attempts', { ...ATTEMPTS_REPORT, rows: [] })).toBe('noData');
  });

  it('draws the views that have a value', () => {
    expect(emptyChart('difficulty', byDifficulty(1))).toBeNull();
    expect(emptyChart('skill', SKILL_REPORT)).toBeNull();
    expect(emptyChart('overview', COMPANY_OVERVIEW)).toBeNull();
    expect(emptyChart('attempts', ATTEMPTS_REPORT)).toBeNull();
  });

  it('draws no radar of fewer than three skills', () => {
    const twoSkills = { ...SKILL_REPORT, columns: SKILL_REPORT.columns.slice(0, 2), rows: [{ id: 'r', label: 'Rohan', cells: [80, 60], started: true }] };
    expect(emptyChart('skill', twoSkills)).toBe('tooFewSkills');
  });
});

const at = (iso: string, percent: number) => ({ at: new Date(iso), percent });

describe('attempts over time', () => {
  it('averages the attempts of each day over a month or less, one point a day', () => {
    const { unit, buckets } = bucketProgress([
      at('2026-03-02T08:00:00Z', 60),
      at('2026-03-02T17:30:00Z', 80),
      at('2026-03-04T09:00:00Z', 90),
    ]);
    expect(unit).toBe('day');
    expect(buckets).toEqual([
      { start: new Date('2026-03-02T00:00:00Z'), average: 70, attempts: 2 },
      // A day without attempts breaks the line instead of joining the days around it.
      { start: new Date('2026-03-03T00:00:00Z'), average: null, attempts: 0 },
      { start: new Date('2026-03-04T00:00:00Z'), average: 90, attempts: 1 },
    ]);
  });

  it('never repeats a day, however many attempts it holds', () => {
    const sameDay = Array.from({ length: 10 }, (_value, index) => at(`2026-03-02T${String(8 + index).padStart(2, '0')}:00:00Z`, 50));
    expect(bucketProgress(sameDay).buckets).toEqual([{ start: new Date('2026-03-02T00:00:00Z'), average: 50, attempts: 10 }]);
  });

  it('puts a longer range in weeks that start on Monday', () => {
    const { unit, buckets } = bucketProgress([at('2026-01-07T10:00:00Z', 40), at('2026-03-01T10:00:00Z', 100)]);
    expect(unit).toBe('week');
    // Wednesday 7 January is in the week of Monday 5 January; Sunday 1 March in that of 23 February.
    expect(buckets[0]).toEqual({ start: new Date('2026-01-05T00:00:00Z'), average: 40, attempts: 1 });
    expect(buckets.at(-1)).toEqual({ start: new Date('2026-02-23T00:00:00Z'), average: 100, attempts: 1 });
    expect(buckets).toHaveLength(8);
  });

  it('has no buckets without attempts', () => {
    expect(bucketProgress([])).toEqual({ unit: 'day', buckets: [] });
  });
});
