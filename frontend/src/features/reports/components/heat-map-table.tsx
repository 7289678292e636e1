// The difficulty and approach views of many rows, where grouped bars would be too thin to read:
// a table of the same numbers, each cell shaded by its score (the darker, the higher, on a scale
// from 0 to 100 % or to the largest points), so the strong and weak spots show at a glance.
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ColumnUnit, ScoreReport } from '@/api/gen/playtrack.schemas';
import { rowSeries } from '../chart-data';
import { useCellFormat } from '../hooks/use-cell-format';

/** The strongest shade, kept light enough for the text on it in both themes. */
const DARKEST = 0.55;

export function HeatMapTable({ report, unit, label }: { report: ScoreReport; unit: ColumnUnit; label: string }) {
  const theme = useTheme();
  const format = useCellFormat();
  const rows = rowSeries(report);
  const largest = unit === 'percent' ? 100 : Math.max(1, ...rows.flatMap((row) => row.data.map((value) => value ?? 0)));
  const shade = (value: number | null) =>
    value === null ? undefined : alpha(theme.palette.primary.main, (Math.min(value, largest) / largest) * DARKEST);
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{report.row_header}</TableCell>
            {report.columns.map((column) => (
              <TableCell key={column.key} align="center">
                <Box component="span" dir="auto">
                  {column.label}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row">
                <Box component="span" dir="auto">
                  {row.label}
                </Box>
              </TableCell>
              {row.data.map((value, index) => (
                <TableCell
                  key={report.columns[index]?.key ?? index}
                  align="center"
                  data-value={value ?? ''}
                  sx={{ bgcolor: shade(value), fontVariantNumeric: 'tabular-nums' }}
                >
                  {format(value, unit)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
