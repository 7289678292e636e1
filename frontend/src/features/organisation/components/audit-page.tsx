// /main/audit and /companyadmin/audit: who changed what and when (a company admin sees their
// company's events only, which the server decides), filtered by action, record type and dates.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { exportAuditEvents, useListAuditEvents } from '@/api/gen/audit/audit';
import type { AuditEvent } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { actionLabel, AuditDetailsDialog } from './audit-details-dialog';

const TARGET_TYPES = ['user', 'company', 'batch', 'allocation', 'seat', 'country', 'industry'] as const;
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
  const { params } = useListParams();
  const [search, setSearch] = useSearchParams();
  const [shown, setShown] = useState<AuditEvent | null>(null);
  const filter = (key: Filter) => search.get(key) ?? '';
  const setFilter = (key: Filter, value: string) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const filters = {
    action: filter('action') || undefined,
    target_type: filter('target_type') || undefined,
    actor_id: filter('actor_id') || undefined,
    target_id: filter('target_id') || undefined,
    from: startOfDay(filter('from')),
    // "To" includes its whole day: events before the next one starts.
    until: startOfDay(filter('until'), 1),
  };
  const events = useListAuditEvents({ page: params.page, per_page: params.per_page, ...filters });
  const actions = Object.keys(t('audit.actions', { returnObjects: true }) as Record<string, string>).map((key) =>
    key.replace('__', '.'),
  );
  const download = async () => {
    const csv = await exportAuditEvents(filters);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = 'audit-log.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  /** A name in a row that narrows the log to that person or record. */
  const narrowTo = (key: 'actor_id' | 'target_id', id: string | null | undefined, label: string) =>
    id ? (
      <Link component="button" type="button" onClick={() => setFilter(key, id)} title={t('audit.onlyThis')}>
        {label}
      </Link>
    ) : (
      label
    );
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  // Newest first is the server's only order.
  const columns = (
    [
    { field: 'at', headerName: t('audit.at'), width: 200, valueFormatter: (value: string) => time.format(new Date(value)) },
    { field: 'actor_id', headerName: t('audit.actor'), flex: 1, minWidth: 160, renderCell: ({ row }) => narrowTo('actor_id', row.actor_id, row.actor_name ?? row.actor_id ?? '') },
    { field: 'action', headerName: t('audit.action'), flex: 1, minWidth: 200, valueGetter: (_value, row) => actionLabel(t, row.action) },
    { field: 'target_type', headerName: t('audit.targetType'), width: 130, valueGetter: (_value, row) => t(`audit.targetTypes.${row.target_type}`, { defaultValue: row.target_type }) },
    { field: 'target_id', headerName: t('audit.target'), flex: 1, minWidth: 160, renderCell: ({ row }) => narrowTo('target_id', row.target_id, row.target_name ?? row.target_id ?? '') },
    { field: 'ip', headerName: t('audit.ip'), width: 140 },
    {
      field: 'details',
      headerName: t('audit.details'),
      width: 120,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => setShown(row)}>
          {t('audit.show')}
        </Button>
      ),
    },
    ] satisfies GridColDef<AuditEvent>[]
  ).map((column): GridColDef<AuditEvent> => ({ ...column, sortable: false }));

  return (
    <>
      <PageHeader title={t('audit.title')} />
      <ServerDataGrid
        rows={events.data?.items}
        total={events.data?.total}
        loading={events.isFetching}
        columns={columns}
        toolbar={
          <>
            <TextField
              select
              size="small"
              label={t('audit.action')}
              value={filter('action')}
              onChange={(event) => setFilter('action', event.target.value)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('audit.anyAction')}</MenuItem>
              {actions.map((action) => (
                <MenuItem key={action} value={action}>
                  {actionLabel(t, action)}
                </MenuItem>
              ))}
            </TextField>
            {(['actor_id', 'target_id'] as const)
              .filter((key) => filter(key) !== '')
              .map((key) => (
                <Chip
                  key={key}
                  label={t(key === 'actor_id' ? 'audit.onlyActor' : 'audit.onlyTarget')}
                  onDelete={() => setFilter(key, '')}
                />
              ))}
            <Button variant="outlined" size="small" onClick={() => void download()}>
              {t('audit.export')}
            </Button>
            <TextField
              select
              size="small"
              label={t('audit.targetType')}
              value={filter('target_type')}
              onChange={(event) => setFilter('target_type', event.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t('audit.anyType')}</MenuItem>
              {TARGET_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`audit.targetTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {(['from', 'until'] as const).map((key) => (
              <TextField
                key={key}
                type="date"
                size="small"
                label={t(`audit.${key}`)}
                value={filter(key)}
                onChange={(event) => setFilter(key, event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </>
        }
      />
      {shown && <AuditDetailsDialog event={shown} onClose={() => setShown(null)} />}
    </>
  );
}
