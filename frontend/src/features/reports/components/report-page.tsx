// Every score report screen (/main, /companyadmin and /user: score, score/skill, userdetails,
// viewlevel, chapterwise …): the screen fixes the view, the URL holds the filters, sorting and
// page. A chart of the page's rows comes first, then the table with the same numbers (the server
// sorts and pages it), whose names drill down: a company to its batches, a batch to its
// trainees, a trainee to their attempts.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { keepPreviousData } from '@tanstack/react-query';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ReportRowCellsItem, ScoreReport } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { TruncatedText } from '@/components/truncated-text';
import { useFormats } from '@/lib/formats';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';
import { useGetReportInsight, useGetScoreReport } from '../api/reports';
import { useCellFormat } from '../hooks/use-cell-format';
import { useChapterGroups } from '../hooks/use-chapter-groups';
import {
  ATTEMPT_SORTS,
  drillPath,
  exportQuery,
  insightQuery,
  type Prefix,
  type ReportScreen,
  reportQuery,
} from '../report-screens';
import { ExportButtons } from './export-buttons';
import { ReportChart } from './report-chart';
import { ReportFilters } from './report-filters';
import { ReportInsight } from './report-insight';
import { ReportTabs } from './report-tabs';

/** A row of the table: its name, whether it has results, and a cell per column under its key. */
type GridRow = { id: string; name: string; started: boolean } & Record<string, ReportRowCellsItem | boolean>;

/** The name column's field, which is also the server's sort by name. */
const NAME = 'name';

/** How often a report that is not yet counting the newest scores asks again. */
const BEHIND_REFETCH_MS = 2_000;

/** While the server says a report is as of a past moment, it is asked again until it is not. */
const whileBehind = {
  refetchInterval: (query: { state: { data?: { as_of?: string | null } } }) =>
    query.state.data?.as_of ? BEHIND_REFETCH_MS : false,
};

/** The report with only the rows that have results: the charts draw no one who has not started. */
function played(report: ScoreReport): ScoreReport {
  return { ...report, rows: report.rows.filter((row) => row.started) };
}

export function ReportPage({ prefix, screen }: { prefix: Prefix; screen: ReportScreen }) {
  const { t } = useTranslation('reports');
  const { problemMessage } = useProblemMessage();
  const format = useCellFormat();
  const formats = useFormats();
  // The route's guard lets in only the prefix's role.
  const role = useSessionUser()?.role ?? 'USER';
  const [search] = useSearchParams();
  const { params: list } = useListParams();
  const report = useGetScoreReport(reportQuery(screen, role, search, list), {
    // The rows stay while the next page or filter loads, rather than the table emptying.
    query: { placeholderData: keepPreviousData, ...whileBehind },
  });
  const insight = useGetReportInsight(insightQuery(screen, role, search), {
    query: { placeholderData: keepPreviousData, ...whileBehind },
  });
  const data = report.data;
  const attempts = screen.view === 'attempts';
  // A column per level: grouped under their chapters.
  const groups = useChapterGroups(data?.columns, screen.view === 'level');

  const columns: GridColDef<GridRow>[] | undefined = data && [
    {
      field: NAME,
      headerName: data.row_header,
      flex: 1,
      minWidth: 180,
      sortable: !attempts,
      renderCell: ({ row }) => {
        const to = drillPath(prefix, screen, data.group, row.id, search);
        const name = to ? (
          <Link component={RouterLink} to={to} sx={{ minWidth: 0 }}>
            <TruncatedText text={row.name} />
          </Link>
        ) : (
          <TruncatedText text={row.name} />
        );
        // Someone with no result in the selection: a manager sees who has not played.
        return row.started ? (
          name
        ) : (
          // As wide as the cell at most, so the name is what gets cut (with its title), not the chip.
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, maxWidth: '100%' }}>
            {name}
            <Chip size="small" variant="outlined" label={t('table.notStarted')} sx={{ flexShrink: 0 }} />
          </Box>
        );
      },
    },
    ...data.columns.map(
      (column): GridColDef<GridRow> => ({
        field: column.key,
        headerName: column.label,
        // Two lines: a level's name (`1.2 The missing delivery`) over a narrow column.
        renderHeader: () => <TruncatedText text={column.label} lines={2} />,
        type: column.unit === 'text' || column.unit === 'time' ? 'string' : 'number',
        flex: 1,
        minWidth: column.unit === 'time' ? 150 : 120,
        sortable: !attempts || ATTEMPT_SORTS.includes(column.key),
        valueFormatter: (value: ReportRowCellsItem | undefined) => format(value, column.unit),
      }),
    ),
  ];
  const rows = data?.rows.map(
    (row): GridRow => ({
      ...Object.fromEntries(data.columns.map((column, index) => [column.key, row.cells[index] ?? null])),
      id: row.id,
      name: row.label,
      started: row.started,
    }),
  );

  return (
    <Box component="section">
      <PageHeader title={t(`titles.${screen.title}`)}>
        <ExportButtons params={exportQuery(screen, role, search, list)} path={screen.path} />
      </PageHeader>
      <ReportTabs prefix={prefix} screen={screen} />
      <ReportFilters screen={screen} role={role} />
      {report.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problemMessage(report.error)}
        </Alert>
      )}
      {data?.as_of && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('asOf', { time: formats.dateTime(data.as_of) })}
        </Alert>
      )}
      {!insight.isError && <ReportInsight insight={insight.data} />}
      {data && <ReportChart screen={screen} report={played(data)} loading={report.isFetching} />}
      {/* The table waits for its columns: a grid without the URL's sort column would drop it. */}
      {columns ? (
        <ServerDataGrid
          table={`report-${screen.view}`}
          rows={rows}
          total={data?.total}
          columns={columns}
          loading={report.isFetching}
          // The attempts are not searched by name.
          searchLabel={attempts ? undefined : t('filters.search')}
          ariaLabel={t(`titles.${screen.title}`)}
          emptyText={t('chart.noData')}
          columnGroupingModel={groups}
        />
      ) : (
        report.isPending && <LinearProgress aria-label={t('chart.loading')} />
      )}
    </Box>
  );
}
