// A report cell as the reader reads it, by its column's unit and in their language: a percent
// with one decimal and its sign, points with one decimal, counts whole, times as a date and hour.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnUnit, ReportRowCellsItem } from '@/api/gen/playtrack.schemas';

export type CellFormat = (value: ReportRowCellsItem | undefined, unit: ColumnUnit) => string;

export function useCellFormat(): CellFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const percent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const points = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const count = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (value, unit) => {
      // Nothing played: an empty cell.
      if (value === null || value === undefined) return '';
      if (typeof value === 'string') return unit === 'time' ? time.format(new Date(value)) : value;
      switch (unit) {
        case 'percent':
          return percent.format(value / 100);
        case 'points':
          return points.format(value);
        case 'count':
          return count.format(value);
        default:
          return String(value);
      }
    };
  }, [language]);
}
