// /main/audit and /companyadmin/audit: who did what to whom and when (a company admin sees their
// company's events only, which the server decides), filtered by who (a name or e-mail, or a
// person picked from the list), action, record and dates, all kept in the URL; the same
// selection downloads as CSV.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAuditEvents, useListAuditEvents } from '../api/audit';
import { AuditAction, type AuditEvent } from '@/api/gen/playtrack.schemas';
import { DateField, INVALID_DATE } from '@/components/date-field';
import { PageHeader } from '@/components/page-header';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { TruncatedText } from '@/components/truncated-text';
import { saveFile } from '@/lib/download';
import { useProblemMessage } from '@/lib/problem-message';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  actionLabel,
  AuditDetailsDialog,
  changedFields,
  detailsOf,
  fieldLabel,
  otherDetails,
  targetTypeLabel,
} from './audit-details-dialog';
import { useFormats } from '@/lib/formats';

const TARGET_TYPES = [
  'user',
  'company',
  'batch',
  'allocation',
  'seat',
  'country',
  'industry',
  'email',
  'session',
  'eula',
  'chapter',
  'level',
  'skill',
  'approach',
  'catalogue',
  'game_app',
  'enrolment_key',
] as const;
const ACTIONS: readonly string[] = Object.values(AuditAction);
/** The most events one export holds (the server's bound). */
const EXPORT_MAX = 10_000;
/** The days the server accepts in a date filter. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Filter = 'action' | 'target_type' | 'actor_id' | 'target_id' | 'from' | 'until';

/** A date input's day as the instant it starts in the reader's time zone (RFC 3339). */
function startOfDay(day: string, plusDays = 0): string | undefined {
  if (day === '') return undefined;
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

export function AuditPage() {
  const { t, i18n } = useTranslation('organisation');
  const { problemMessage } = useProblemMessage();
  const { params } = useListParams();
  const [shown, setShown] = useState<AuditEvent | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const { filter, setFilters } = useUrlFilters<Filter>();
  const setFilter = (key: Filter, value: string) => setFilters({ [key]: value });

  const action = filter('action');
  const filters = {
    // The q of the search box: part of the actor's name or e-mail.
    q: params.q,
    // An action the URL names that the server does not know would only be refused.
    action: ACTIONS.includes(action) ? (action as AuditAction) : undefined,
    target_type: filter('target_type') || undefined,
    actor_id: filter('actor_id') || undefined,
    target_id: filter('target_id') || undefined,
    from: startOfDay(filter('from')),
    // "To" includes its whole day: events before the next one starts.
    until: startOfDay(filter('until'), 1),
  };
  const events = useListAuditEvents({ page: params.page, per_page: params.per_page, ...filters });
  const rows = events.data?.items ?? [];
  const actions = [...ACTIONS].sort((a, b) => actionLabel(t, a).localeCompare(actionLabel(t, b), i18n.language));

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await exportAuditEvents(filters), 'text/csv;charset=utf-8', 'audit-log.csv');
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  /** A name in a row that narrows the log to that person or record. */
  const narrowTo = (key: 'actor_id' | 'target_id', id: string | null | undefined, label: string) =>
    id ? (
      // Cut at its end in a narrow column: the whole name in the hint, before what a click does.
      <Link
        component="button"
        type="button"
        dir="auto"
        onClick={() => setFilter(key, id)}
        title={`${label}\n${t('audit.onlyThis')}`}
        sx={{ maxWidth: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'start' }}
      >
        {label}
      </Link>
    ) : (
      <TruncatedText text={label} />
    );
  /** The chip of a person or record the log is narrowed to, named from the rows it shows. */
  const chipName = (key: 'actor_id' | 'target_id') => {
    const id = filter(key);
    const row = rows.find((event) => event[key] === id);
    if (key === 'actor_id') return row?.actor_name ?? t('audit.onePerson');
    return row?.target_name ?? t('audit.oneRecord');
  };
  const formats = useFormats();

  // Newest first is the server's only order.
  const columns = (
    [
      { field: 'at', headerName: t('audit.at'), width: 170, valueFormatter: (value: string) => formats.exactTime(value) },
      {
        field: 'actor_id',
        headerName: t('audit.actor'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => narrowTo('actor_id', row.actor_id, row.actor_name ?? row.actor_id ?? '—'),
      },
      { field: 'action', headerName: t('audit.action'), flex: 1, minWidth: 200, valueGetter: (_value, row) => actionLabel(t, row.action) },
      {
        field: 'target_id',
        headerName: t('audit.target'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => {
          const type = targetTypeLabel(t, row.target_type);
          // A bare id says nothing to a reader (a session's, a removed record's); an e-mail does.
          const name = row.target_name ?? (row.target_id && !UUID.test(row.target_id) ? row.target_id : null);
          return narrowTo('target_id', row.target_id, name ? `${type}: ${name}` : type);
        },
      },
      {
        field: 'details',
        headerName: t('audit.changes'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => {
          const details = detailsOf(row);
          const changes = changedFields(details);
          if (changes.length === 0 && otherDetails(details).length === 0) return null;
          // The changed fields by name; the button opens their values before and after.
          const summary = changes.map(([field]) => fieldLabel(t, field)).join(', ');
          return (
            <Button size="small" onClick={() => setShown(row)} sx={{ textTransform: 'none', justifyContent: 'flex-start', minWidth: 0, maxWidth: 1 }}>
              <TruncatedText text={summary || t('audit.show')} />
            </Button>
          );
        },
      },
      { field: 'ip', headerName: t('audit.ip'), width: 130 },
    ] satisfies GridColDef<AuditEvent>[]
  ).map((column): GridColDef<AuditEvent> => ({ ...column, sortable: false }));

  const total = events.data?.total ?? 0;
  return (
    <>
      <PageHeader title={t('audit.title')} />
      {events.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problemMessage(events.error)}
        </Alert>
      )}
      {exportError !== null && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {t('audit.exportFailed', { reason: problemMessage(exportError) })}
        </Alert>
      )}
      {total > EXPORT_MAX && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('audit.exportLimit', { total: formats.count(total) })}
        </Alert>
      )}
      <ServerDataGrid
        table="audit"
        rows={events.data?.items}
        total={events.data?.total}
        loading={events.isFetching}
        columns={columns}
        searchLabel={t('audit.searchActor')}
        toolbar={
          <>
            {(['actor_id', 'target_id'] as const)
              .filter((key) => filter(key) !== '')
              .map((key) => (
                <Chip
                  key={key}
                  label={t(key === 'actor_id' ? 'audit.onlyActor' : 'audit.onlyTarget', { name: chipName(key) })}
                  onDelete={() => setFilter(key, '')}
                />
              ))}
            {/* One row of filters: the theme's text fields are full width, as forms want. */}
            <TextField
              select
              size="small"
              fullWidth={false}
              margin="none"
              label={t('audit.action')}
              value={filters.action ?? ''}
              onChange={(event) => setFilter('action', event.target.value)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('audit.anyAction')}</MenuItem>
              {actions.map((code) => (
                <MenuItem key={code} value={code}>
                  {actionLabel(t, code)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              fullWidth={false}
              margin="none"
              label={t('audit.targetType')}
              value={filter('target_type')}
              onChange={(event) => setFilter('target_type', event.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t('audit.anyType')}</MenuItem>
              {TARGET_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {targetTypeLabel(t, type)}
                </MenuItem>
              ))}
            </TextField>
            {(['from', 'until'] as const).map((key) => (
              <DateField
                key={key}
                size="small"
                margin="none"
                fullWidth={false}
                label={t(`audit.${key}`)}
                value={filter(key)}
                // A half-typed day filters nothing yet; "To" cannot be before "From".
                onChange={(value) => value !== INVALID_DATE && setFilter(key, value)}
                min={key === 'until' ? filter('from') || undefined : undefined}
              />
            ))}
            <Button variant="outlined" size="small" onClick={() => void download()} disabled={exporting}>
              {t('audit.export')}
            </Button>
          </>
        }
      />
      {shown && <AuditDetailsDialog event={shown} onClose={() => setShown(null)} />}
    </>
  );
}
