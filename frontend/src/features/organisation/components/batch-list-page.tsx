// /main/batch and /companyadmin/batch: the batches in the caller's scope (with their company for
// the super admin), searchable by name, with edit and Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { batchKeys, updateBatch, useListBatches } from '../api/batches';
import type { Batch } from '@/api/gen/playtrack.schemas';
import { useListParams } from '@/components/server-data-grid';
import { useFormats } from '@/lib/formats';
import { useCompanies } from '@/lib/use-reference-data';
import { useAdminPrefix } from '../hooks/use-admin-prefix';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';

export function BatchListPage() {
  const { t } = useTranslation('organisation');
  const prefix = useAdminPrefix();
  const { params } = useListParams();
  const list = useListBatches(params);
  const { names: companyNames } = useCompanies(prefix === 'main');
  const { date } = useFormats();
  const statusColumns = useStatusColumns(
    ({ id, company_id, name, starts_on, ends_on }: Batch, active) =>
      updateBatch(id, { company_id, name, starts_on, ends_on, active }),
    ({ id }) => batchKeys(id),
    { editTo: (row) => `/${prefix}/batch/edit?id=${row.id}` },
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
            valueGetter: (_value, row) => companyNames.get(row.company_id) ?? '',
          } satisfies GridColDef<Batch>,
        ]
      : []),
    { field: 'starts_on', headerName: t('batch.startsOn'), width: 120, valueFormatter: (value: string) => date(value) },
    { field: 'ends_on', headerName: t('batch.endsOn'), width: 120, valueFormatter: (value: string) => date(value) },
    ...statusColumns,
  ];
  return (
    <ListPage
      table="batches"
      title={t('batch.title')}
      add={{ label: t('batch.addTitle'), to: `/${prefix}/batch/add` }}
      list={list}
      columns={columns}
    />
  );
}
