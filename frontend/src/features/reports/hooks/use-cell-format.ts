// A report cell as the reader reads it, by its column's unit and in their language: a percent
// with one decimal and its sign, points with one decimal, counts whole, times as a date and hour.
import { useMemo } from 'react';
import type { ColumnUnit, ReportRowCellsItem } from '@/api/gen/playtrack.schemas';
import { useFormats } from '@/lib/formats';

export type CellFormat = (value: ReportRowCellsItem | undefined, unit: ColumnUnit) => string;

export function useCellFormat(): CellFormat {
  const formats = useFormats();
  return useMemo(
    () => (value, unit) => {
      // Nothing played: an empty cell.
      if (value === null || value === undefined) return '';
      if (typeof value === 'string') return unit === 'time' ? formats.dateTime(value) : value;
      switch (unit) {
        case 'percent':
          return formats.percent(value);
        case 'points':
          return formats.points(value);
        case 'count':
          return formats.count(value);
        default:
          return String(value);
      }
    },
    [formats],
  );
}
