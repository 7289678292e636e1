// `<p>/licencedetails`: every seat — who holds it, their batch, its state and dates — filterable
// by state; an unused (assigned) seat can be revoked, and a trainee given one.
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useListSeats } from '../api/licences';
import { type PagedSeatItemsItem, SeatStateDto } from '@/api/gen/playtrack.schemas';
import { PageHeader } from '@/components/page-header';
import { ReferenceSelect } from '@/components/reference-select';
import { actionsColumn } from '@/components/row-actions';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useSessionUser } from '@/lib/session';
import { useFormats } from '@/lib/formats';
import { useBatches, useCompanies } from '@/lib/use-reference-data';
import { RevokeSeatDialog } from './revoke-seat-dialog';
import { SeatStateChip } from './seat-state-chip';

type SeatRow = PagedSeatItemsItem;

export function SeatsPage() {
  const { t } = useTranslation('licences');
  const format = useFormats();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const { params, update } = useListParams();
  const [state, setState] = useState<SeatStateDto | ''>('');
  const [revoking, setRevoking] = useState<SeatRow | null>(null);
  const seats = useListSeats({ ...params, state: state || undefined });
  const { names: companyNames } = useCompanies(isSuperAdmin);
  const { names: batchNames } = useBatches();

  const columns: GridColDef<SeatRow>[] = [
    { field: 'user_name', headerName: t('columns.trainee'), flex: 1, minWidth: 140, sortable: false },
    { field: 'user_email', headerName: t('columns.email'), flex: 1, minWidth: 160, sortable: false },
    ...(isSuperAdmin
      ? [
          {
            field: 'company_id',
            headerName: t('columns.company'),
            flex: 1,
            minWidth: 120,
            sortable: false,
            valueGetter: (value: string) => companyNames.get(value) ?? '',
          } satisfies GridColDef<SeatRow>,
        ]
      : []),
    {
      // The trainee's batches, not the licence's: a company-wide seat still belongs to someone in a batch.
      field: 'user_batch_ids',
      headerName: t('columns.batch'),
      minWidth: 120,
      sortable: false,
      valueGetter: (value: string[]) =>
        value.flatMap((id) => batchNames.get(id) ?? []).join(', ') || t('seats.noBatch'),
    },
    {
      field: 'state',
      headerName: t('columns.state'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <SeatStateChip state={row.state} />,
    },
    { field: 'assigned_at', headerName: t('columns.assignedAt'), width: 120, valueFormatter: (value: string) => format.day(value) },
    {
      field: 'activated_at',
      headerName: t('columns.activatedAt'),
      width: 120,
      valueFormatter: (value: string | null) => format.day(value),
    },
    {
      field: 'valid_until',
      headerName: t('columns.validUntil'),
      width: 120,
      sortable: false,
      valueFormatter: (value: string) => format.date(value),
    },
    actionsColumn(t('columns.actions'), 80, (row) =>
      row.state === 'assigned'
        ? [
            <GridActionsCellItem
              key="revoke"
              icon={<RemoveCircleOutlined />}
              label={t('actions.revoke')}
              onClick={() => setRevoking(row)}
            />,
          ]
        : [],
    ),
  ];

  return (
    <Box component="section">
      <PageHeader title={t('seats.title')}>
        <Button component={RouterLink} to="add" relative="path" variant="contained">
          {t('actions.assign')}
        </Button>
      </PageHeader>
      <ServerDataGrid
        table="seats"
        rows={seats.data?.items}
        total={seats.data?.total}
        columns={columns}
        loading={seats.isFetching}
        searchLabel={t('seats.search')}
        toolbar={
          <ReferenceSelect
            size="small"
            label={t('columns.state')}
            value={state}
            options={Object.values(SeatStateDto).map((value) => ({ id: value, name: t(`state.${value}`) }))}
            emptyLabel={t('seats.allStates')}
            onChange={(value) => {
              setState(value as SeatStateDto | '');
              update({ page: undefined });
            }}
            sx={{ minWidth: 160 }}
          />
        }
      />
      <RevokeSeatDialog seat={revoking} onClose={() => setRevoking(null)} />
    </Box>
  );
}
