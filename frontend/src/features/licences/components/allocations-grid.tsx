// The licence allocations (of one company, or all the caller may see): seats bought for the
// company or one of its batches, their validity and how many are used. The super admin edits them.
import EditOutlined from '@mui/icons-material/EditOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListLicenceAllocations } from '../api/licences';
import type { PagedAllocationItemsItem } from '@/api/gen/playtrack.schemas';
import { actionsColumn } from '@/components/row-actions';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useSessionUser } from '@/lib/session';
import { useFormats } from '@/lib/formats';
import { useBatches, useCompanies } from '@/lib/use-reference-data';

type AllocationRow = PagedAllocationItemsItem;

const USE_COUNTS = ['assigned', 'activated', 'available', 'expired'] as const;

export function AllocationsGrid({ companyId }: { companyId?: string }) {
  const { t } = useTranslation('licences');
  const navigate = useNavigate();
  const format = useFormats();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const { params } = useListParams();
  const list = useListLicenceAllocations({ ...params, company_id: companyId });
  const { names: companyNames } = useCompanies(isSuperAdmin);
  const { names: batchNames } = useBatches(companyId);

  const columns: GridColDef<AllocationRow>[] = [
    ...(isSuperAdmin
      ? [
          {
            field: 'company_id',
            headerName: t('columns.company'),
            flex: 1,
            minWidth: 150,
            sortable: false,
            valueGetter: (value: string) => companyNames.get(value) ?? '',
          } satisfies GridColDef<AllocationRow>,
        ]
      : []),
    {
      field: 'batch_id',
      headerName: t('columns.batch'),
      flex: 1,
      minWidth: 140,
      sortable: false,
      valueGetter: (value: string | null) => (value ? (batchNames.get(value) ?? '') : t('allBatches')),
    },
    { field: 'seats', headerName: t('columns.seats'), type: 'number', width: 90 },
    { field: 'valid_from', headerName: t('columns.validFrom'), width: 130, valueFormatter: (value: string) => format.date(value) },
    { field: 'valid_until', headerName: t('columns.validUntil'), width: 130, valueFormatter: (value: string) => format.date(value) },
    ...USE_COUNTS.map(
      (count) =>
        ({
          field: count,
          headerName: t(`counts.${count}`),
          description: t(`countHelp.${count}`),
          type: 'number',
          width: 110,
          sortable: false,
          valueGetter: (_value: unknown, row: AllocationRow) => row.counts[count],
        }) satisfies GridColDef<AllocationRow>,
    ),
    ...(isSuperAdmin
      ? [
          actionsColumn<AllocationRow>(t('columns.actions'), 80, (row) => [
            <GridActionsCellItem
              key="edit"
              icon={<EditOutlined />}
              label={t('actions.edit')}
              onClick={() => void navigate(`../licencesummary/edit?id=${row.id}`, { relative: 'path' })}
            />,
          ]),
        ]
      : []),
  ];

  return (
    <ServerDataGrid table="allocations" rows={list.data?.items} total={list.data?.total} columns={columns} loading={list.isFetching} />
  );
}
