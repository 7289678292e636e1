// /main/industry: the industries companies may be in, searchable, with Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Industry } from '@/api/gen/playtrack.schemas';
import { updateIndustry, useListIndustries } from '@/api/gen/reference-data/reference-data';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useToggleActive } from '../hooks/use-toggle-active';
import { actionsColumn, activeColumn } from './grid-columns';
import { PageHeader } from './page-header';

export function IndustryListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const list = useListIndustries(params);
  const toggle = useToggleActive(
    ({ id, name }: Industry, active) => updateIndustry(id, { name, active }),
    '/api/v1/industries',
  );
  const columns: GridColDef<Industry>[] = [
    { field: 'name', headerName: t('industry.name'), flex: 1, minWidth: 160 },
    activeColumn(t),
    actionsColumn(t, {
      editTo: (row) => `/main/industry/edit?id=${row.id}`,
      onToggle: (row) => toggle.mutate(row),
      toggling: toggle.isPending,
    }),
  ];
  return (
    <>
      <PageHeader title={t('industry.title')} action={{ kind: 'add', label: t('industry.addTitle'), to: '/main/industry/add' }} />
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
