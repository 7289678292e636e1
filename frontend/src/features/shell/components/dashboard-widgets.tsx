// The pieces every role's dashboard is built of: a figure card (leading to the screen that
// details it), a titled section with a link to its report, a chart's frame (its code loads only
// when a chart is drawn), a small table of the same numbers, and the figures' formats.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useDeferredValue, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadingBlock } from '@/components/loading-block';
import { useFormats } from '@/lib/formats';
import { useProblemMessage } from '@/lib/problem-message';

/** The charts' code (MUI X Charts) loads with the first chart drawn. */
export const ScoreBars = lazy(async () => ({ default: (await import('./dashboard-charts')).ScoreBars }));
export const SkillRadar = lazy(async () => ({ default: (await import('./dashboard-charts')).SkillRadar }));
export const TrendLine = lazy(async () => ({ default: (await import('./dashboard-charts')).TrendLine }));

/** Sections below a dashboard's first screenful, rendered just after it has painted: on a slow
 * phone, rendering them in the same pass held the first figures back by a third of a second. */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : <div aria-busy="true" />;
}

/** The figures' formats in the reader's language (`lib/formats`), with a number of at most one
 * decimal beside them. */
export function useDashboardFormat() {
  const formats = useFormats();
  return useMemo(
    () => ({
      /** A report percent (0–100). */
      percent: (value: number) => formats.percent(value),
      decimal: formats.decimal,
      count: formats.count,
      dateTime: (value: string) => formats.dateTime(value),
      /** A calendar date. */
      day: (value: string) => formats.date(value),
    }),
    [formats],
  );
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>;

interface FigureCardProps {
  label: string;
  value: string;
  /** A line below the figure. */
  detail?: string;
  /** The screen detailing the figure: the whole card leads there. */
  to?: string;
}

/** One figure under its label (a level-2 heading). */
export function FigureCard({ label, value, detail, to }: FigureCardProps) {
  const content = (
    <CardContent>
      <Typography color="text.secondary" component="h2" variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Typography variant="h4" component="p" aria-live="polite">
        {value}
      </Typography>
      {detail !== undefined && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** A row of figure cards. */
export function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {children}
    </Grid>
  );
}

export function FigureCell({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, lg: 3 }}>{children}</Grid>;
}

interface SectionProps {
  title: string;
  /** A line under the title saying what the section counts. */
  subtitle?: string;
  /** The report screen the section summarises, and its link's text. */
  report?: { to: string; label: string };
  children: ReactNode;
}

/** A titled card (a region named by its level-2 heading). */
export function Section({ title, subtitle, report, children }: SectionProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: subtitle ? 0 : 1 }}>
          <Typography id={id} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {report && (
            <Link component={RouterLink} to={report.to} variant="body2">
              {report.label}
            </Link>
          )}
        </Stack>
        {subtitle && (
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The state of a section whose data came with the dashboard's counts. */
export const LOADED = { isPending: false, isError: false, error: null };

/** What a section shows while its data loads, when it failed, or when there is none. */
export function SectionState({ query, empty, emptyText, children }: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { problemMessage } = useProblemMessage();
  if (query.isError) return <Alert severity="error">{problemMessage(query.error)}</Alert>;
  if (query.isPending) return <LoadingBlock height={96} />;
  if (empty) return <EmptyState message={emptyText} />;
  return <>{children}</>;
}

/** A chart's frame: named for assistive technology, which reads the same numbers in the table
 * beside it. */
export function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0, mb: 2 }}>
      <Suspense fallback={<LoadingBlock height={240} />}>{children}</Suspense>
    </Box>
  );
}

export interface FigureTableColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Numbers line up at the end. */
  numeric?: boolean;
}

/** A small table of the figures: a row per item, its first column the row's header. */
export function FigureTable<T>({ label, items, rowKey, columns }: {
  label: string;
  items: readonly T[];
  rowKey: (item: T) => string;
  columns: readonly FigureTableColumn<T>[];
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : 'left'}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={rowKey(item)}>
              {columns.map((column, index) => (
                <TableCell
                  key={column.header}
                  align={column.numeric ? 'right' : 'left'}
                  {...(index === 0 ? { component: 'th', scope: 'row' } : {})}
                >
                  {column.cell(item)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
