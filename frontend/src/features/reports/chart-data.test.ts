import { ATTEMPTS_REPORT, COMPANY_OVERVIEW, SKILL_REPORT } from './testing/fixtures';
import { columnAverages, columnValues, histogram, progress, rowSeries } from './chart-data';

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
    const later = { ...ATTEMPTS_REPORT.rows[0], id: 'later', label: 'later', cells: ['', '', '', 0, 0, 95, 0, '2026-04-01T08:00:00Z'] };
    const report = { ...ATTEMPTS_REPORT, rows: [later, ...ATTEMPTS_REPORT.rows] };
    expect(progress(report)).toEqual([
      { at: new Date('2026-03-04T10:15:00Z'), percent: 80 },
      { at: new Date('2026-04-01T08:00:00Z'), percent: 95 },
    ]);
  });
});
