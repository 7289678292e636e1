// Seat counts of summary lines (one company, or one batch, per line), as the licence summary
// screens show them: each heading explains its count, and a line below says how they add up.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatCounts, SummaryLine } from '@/api/gen/playtrack.schemas';

export const COUNTS = ['purchased', 'assigned', 'activated', 'available', 'expired', 'expiring_soon'] as const satisfies readonly (keyof SeatCounts)[];

interface CountsTableProps {
  /** The table's accessible name. */
  label: string;
  lines: readonly SummaryLine[];
  /** The header of the first column, and what it shows of each line. */
  lineHeader: string;
  lineLabel: (line: SummaryLine) => ReactNode;
}

/** A count's name, explained on hover and on keyboard focus (as its description, so the name stays the name). */
function CountHeading({ count }: { count: (typeof COUNTS)[number] }) {
  const { t } = useTranslation('licences');
  return (
    <Tooltip title={t(`countHelp.${count}`)} describeChild>
      <Box component="span" tabIndex={0} sx={{ cursor: 'help', textDecoration: 'underline dotted' }}>
        {t(`counts.${count}`)}
      </Box>
    </Tooltip>
  );
}

export function CountsTable({ label, lines, lineHeader, lineLabel }: CountsTableProps) {
  const { t } = useTranslation('licences');
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{lineHeader}</TableCell>
            {COUNTS.map((count) => (
              <TableCell key={count} align="right">
                <CountHeading count={count} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={COUNTS.length + 1}>{t('summary.none')}</TableCell>
            </TableRow>
          )}
          {lines.map((line) => (
            <TableRow key={`${line.company_id}.${line.batch_id ?? ''}`}>
              <TableCell component="th" scope="row">
                {lineLabel(line)}
              </TableCell>
              {COUNTS.map((count) => (
                <TableCell key={count} align="right" data-count={count}>
                  {line.counts[count]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('summary.addsUp')}
      </Typography>
    </TableContainer>
  );
}
