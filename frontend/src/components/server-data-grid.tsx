// A list screen's table: MUI DataGrid in server mode. Paging, sorting and the search term live
// in the URL (so a reload or a shared link shows the same page) and go to the server as the
// list endpoints' `page`, `per_page`, `sort`, `order` and `q`; the grid itself never sorts or
// filters. The grid's own texts follow the UI language.
//
// It fits any width: the search and filters sit in a bar that wraps, the columns scroll
// sideways under a pinned key column (the first) with the row actions pinned at the other end,
// and on a phone the row actions fold into a menu. The grid is never taller than the window, so
// its horizontal scrollbar shows with its rows. A text too long for its cell ends in an ellipsis
// at its own end (a Latin name in an Arabic page too) and shows whole on hover and on focus. Which columns show and how dense the rows
// are is the reader's, saved with them (`useTableView`).
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  DataGrid,
  GRID_DEFAULT_LOCALE_TEXT,
  type GridColDef,
  type GridColumnGroupingModel,
  type GridColumnVisibilityModel,
  type GridSlots,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { arSD, enUS, esES, frFR, itIT, zhCN } from '@mui/x-data-grid/locales';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TableName } from '@/api/gen/playtrack.schemas';
import { useTableView } from '@/lib/table-view';
import { latinDigits } from '@/lib/formats';
import { usePhone } from '@/lib/use-phone';
import { EmptyState } from './empty-state';
import { FocusedCellText, useFocusedCellText } from './focused-cell-text';
import { type Labels, TableToolbar } from './table-toolbar';
import { TruncatedText } from './truncated-text';

const GRID_TEXTS = { en: enUS, zh: zhCN, ar: arSD, it: itIT, es: esES, fr: frFR } as const;
export const PAGE_SIZES = [5, 10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

/** What a list endpoint takes from the URL. */
export interface ListParams {
  page: number;
  per_page: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
}

/** The list parameters in the URL, and a setter that keeps the other query parameters. */
export function useListParams(defaultPerPage = 25) {
  const [search, setSearch] = useSearchParams();
  const number = (key: string, fallback: number) => {
    const value = Number(search.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const order = search.get('order');
  const params: ListParams = {
    page: number('page', 1),
    per_page: number('per_page', defaultPerPage),
    sort: search.get('sort') ?? undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    q: search.get('q') ?? undefined,
  };
  const update = (changes: Partial<Record<keyof ListParams, string | number | undefined>>) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [string, string | number | undefined][]) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  };
  return { params, update };
}

/** Keeps `column`'s cells and header in view while the others scroll under it. */
const pinned = (field: string, side: 'insetInlineStart' | 'insetInlineEnd', edge: 'borderInlineEnd' | 'borderInlineStart') => ({
  [`& .MuiDataGrid-cell[data-field="${field}"], & .MuiDataGrid-columnHeader[data-field="${field}"]`]: {
    position: 'sticky',
    [side]: 0,
    zIndex: 2,
    [edge]: '1px solid var(--DataGrid-t-color-border-base)',
  },
  [`& .MuiDataGrid-cell[data-field="${field}"]`]: {
    backgroundColor: 'var(--DataGrid-t-cell-background-pinned, var(--DataGrid-t-color-background-base))',
  },
  [`& .MuiDataGrid-columnHeader[data-field="${field}"]`]: {
    backgroundColor: 'var(--DataGrid-t-header-background-base)',
  },
});

/** A column as the grid shows it: its header and, for plain text, its cells cut at their own
 * end with the whole text in a tooltip. Columns that draw their own keep them. */
function withWholeTexts<R extends GridValidRowModel>(column: GridColDef<R>): GridColDef<R> {
  // A header with a description keeps the grid's own, whose tooltip says it.
  const plainHeader = column.renderHeader === undefined && column.description === undefined;
  const plainText = (column.type ?? 'string') === 'string' && column.renderCell === undefined;
  return {
    ...column,
    ...(plainHeader && { renderHeader: () => <TruncatedText text={column.headerName} /> }),
    ...(plainText && {
      renderCell: ({ formattedValue }: { formattedValue?: string | number | null }) => (
        <TruncatedText text={formattedValue === undefined || formattedValue === null ? undefined : String(formattedValue)} />
      ),
    }),
  };
}

/** The saved hidden columns as the grid's model; the `kept` ones show whatever it says. */
const visibilityOf = (hidden: readonly string[], kept: readonly (string | undefined)[]): GridColumnVisibilityModel =>
  Object.fromEntries(hidden.filter((field) => !kept.includes(field)).map((field) => [field, false]));

const hiddenIn = (model: GridColumnVisibilityModel): string[] =>
  Object.entries(model)
    .filter(([, shown]) => !shown)
    .map(([field]) => field);

interface ServerDataGridProps<R extends GridValidRowModel> {
  /** Which table this is, for the reader's saved columns and density. */
  table: TableName;
  rows: readonly R[] | undefined;
  total: number | undefined;
  columns: GridColDef<R>[];
  loading: boolean;
  /** The label of the search box; no box without it. */
  searchLabel?: string;
  /** Filters and buttons shown next to the search box. */
  toolbar?: ReactNode;
  getRowId?: (row: R) => string;
  /** What the table is, for a screen reader. */
  ariaLabel?: string;
  /** Said in the shared empty state when there are no rows; the grid's own words without it. */
  emptyText?: string;
  /** Headers over groups of columns (a report's levels by chapter). */
  columnGroupingModel?: GridColumnGroupingModel;
}

export function ServerDataGrid<R extends GridValidRowModel>({
  table,
  rows,
  total,
  columns,
  loading,
  searchLabel,
  toolbar,
  getRowId,
  ariaLabel,
  emptyText,
  columnGroupingModel,
}: ServerDataGridProps<R>) {
  const { i18n } = useTranslation();
  const { params, update } = useListParams();
  const [term, setTerm] = useState(params.q ?? '');
  const texts = i18n.language in GRID_TEXTS ? GRID_TEXTS[i18n.language as keyof typeof GRID_TEXTS] : enUS;
  const localeText = useMemo(() => {
    const own = texts.components.MuiDataGrid.defaultProps.localeText;
    const rows = own.paginationDisplayedRows ?? GRID_DEFAULT_LOCALE_TEXT.paginationDisplayedRows;
    // MUI's Arabic writes the page's rows in Arabic-Indic digits; the portal writes Latin ones.
    return { ...own, paginationDisplayedRows: (shown: Parameters<typeof rows>[0]) => latinDigits(rows(shown)) };
  }, [texts]);
  const focused = useFocusedCellText();
  const phone = usePhone();
  const { view, change } = useTableView(table);
  const key = columns[0]?.field;
  const actions = columns.find((column) => column.type === 'actions')?.field;
  const fitted = useMemo(
    () =>
      columns.map((column): GridColDef<R> => {
        // On a phone the row actions are one menu button (`RowActions`).
        const shown = withWholeTexts(column);
        if (column.type === 'actions') return { ...shown, hideable: false, ...(phone && { width: 56 }) };
        return column.field === key ? { ...shown, hideable: false } : shown;
      }),
    [columns, key, phone],
  );
  // The panel cannot hide these, and neither can a view saved through the API.
  const visibility = useMemo(() => visibilityOf(view.hidden_columns, [key, actions]), [view.hidden_columns, key, actions]);

  useEffect(() => {
    if (term === (params.q ?? '')) return;
    const timer = setTimeout(() => update({ q: term.trim(), page: undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  // The same object while the URL's sort stays the same: the grid takes a new sort model as a
  // change of order and goes back to page one, which rewrote `?page=2` to page 1.
  const sortModel = useMemo<GridSortModel>(
    () => (params.sort ? [{ field: params.sort, sort: params.order ?? 'asc' }] : []),
    [params.sort, params.order],
  );
  const slots = useMemo(
    () => ({
      toolbar: TableToolbar as GridSlots['toolbar'],
      ...(emptyText !== undefined && { noRowsOverlay: () => <EmptyState message={emptyText} /> }),
    }),
    [emptyText],
  );
  const search = searchLabel !== undefined && (
    <TextField
      size="small"
      type="search"
      label={searchLabel}
      value={term}
      onChange={(event) => setTerm(event.target.value)}
    />
  );
  return (
    // At most as tall as the window below the app bar: rows beyond scroll inside, so the
    // horizontal scrollbar and the pages stay in sight with them.
    <Box sx={{ width: '100%', minWidth: 0, display: 'flex', flexDirection: 'column', maxHeight: 'calc(100dvh - 88px)' }}>
      <DataGrid
        apiRef={focused.apiRef}
        columnGroupingModel={columnGroupingModel}
        rows={rows ?? []}
        // Until the answer, an unknown count (-1): with 0 the grid would jump back to page one
        // and rewrite the URL, and a guessed one would show a wrong total ("1–5 of 5").
        rowCount={total ?? -1}
        columns={fitted}
        loading={loading}
        getRowId={getRowId}
        aria-label={ariaLabel}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        paginationModel={{ page: params.page - 1, pageSize: params.per_page }}
        onPaginationModelChange={(model) => update({ page: model.page + 1, per_page: model.pageSize })}
        sortModel={sortModel}
        onSortModelChange={(model) =>
          update({ sort: model[0]?.field, order: model[0]?.sort ?? undefined, page: undefined })
        }
        localeText={localeText}
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={(model) => change({ hidden_columns: hiddenIn(model) })}
        density={view.density}
        showToolbar
        slots={slots}
        slotProps={{
          // Grey rows in the rows' place while a page loads: the table keeps its height.
          loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
          toolbar: {
            labels: { ...GRID_DEFAULT_LOCALE_TEXT, ...localeText } as Labels,
            density: view.density,
            onDensityChange: (density) => change({ density }),
            filters: (
              <>
                {search}
                {toolbar}
              </>
            ),
          },
        }}
        // Every column stays rendered, so that the pinned one is there however far the table
        // scrolls; a page holds at most 100 rows.
        disableVirtualization
        sx={{
          ...(key !== undefined && pinned(key, 'insetInlineStart', 'borderInlineEnd')),
          ...(actions !== undefined && pinned(actions, 'insetInlineEnd', 'borderInlineStart')),
        }}
      />
      <FocusedCellText {...focused} />
    </Box>
  );
}
