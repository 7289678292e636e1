// /main/batch and /companyadmin/batch: the batches in the caller's scope (with their company for
// the super admin), searchable by name, with edit and Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { updateBatch, useListBatches } from '@/api/gen/batches/batches';
import type { Batch } from '@/api/gen/playtrack.schemas';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useAdminPrefix } from '../hooks/use-admin-prefix';
import { useCompanyNames } from '../hooks/use-company-names';
import { useToggleActive } from '../hooks/use-toggle-active';
import { actionsColumn, activeColumn } from './grid-columns';
import { PageHeader } from './page-header';

export function BatchListPage() {
  const { t } = useTranslation('organisation');
  const prefix = useAdminPrefix();
  const { params } = useListParams();
  const list = useListBatches(params);
  const { nameOf } = useCompanyNames(prefix === 'main');
  const toggle = useToggleActive(
    ({ id, company_id, name, starts_on, ends_on }: Batch, active) =>
      updateBatch(id, { company_id, name, starts_on, ends_on, active }),
    '/api/v1/batches',
  );
  const columns: GridColDef<Batch>[] = [
    { field: 'name', headerName: t('batch.name'), flex: 1, minWidth: 160 },
    ...(prefix === 'main'
      ? [
          {
            field: 'company_id',
            headerName: t('batch.company'),
            flex: 1,
            minWidth: 160,
            sortable: false,
            valueGetter: (_value, row) => nameOf(row.company_id),
          } satisfies GridColDef<Batch>,
        ]
      : []),
    { field: 'starts_on', headerName: t('batch.startsOn'), width: 130 },
    { field: 'ends_on', headerName: t('batch.endsOn'), width: 130 },
    activeColumn(t),
    actionsColumn(t, {
      editTo: (row) => `/${prefix}/batch/edit?id=${row.id}`,
      onToggle: (row) => toggle.mutate(row),
      toggling: toggle.isPending,
    }),
  ];
  return (
    <>
      <PageHeader title={t('batch.title')} action={{ kind: 'add', label: t('batch.addTitle'), to: `/${prefix}/batch/add` }} />
      <ServerDataGrid
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        columns={columns}
        searchLabel={t('search')}
      />
    </>
  );
}
