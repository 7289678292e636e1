// /main/industry: the industries companies may be in, searchable, with Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Industry } from '@/api/gen/playtrack.schemas';
import { updateIndustry, useListIndustries } from '@/api/gen/reference-data/reference-data';
import { useListParams } from '@/components/server-data-grid';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';

export function IndustryListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const columns: GridColDef<Industry>[] = [
    { field: 'name', headerName: t('industry.name'), flex: 1, minWidth: 160 },
    ...useStatusColumns(({ id, name }: Industry, active) => updateIndustry(id, { name, active }), '/api/v1/industries', {
      editTo: (row) => `/main/industry/edit?id=${row.id}`,
    }),
  ];
  return (
    <ListPage
      title={t('industry.title')}
      add={{ label: t('industry.addTitle'), to: '/main/industry/add' }}
      list={useListIndustries(params)}
      columns={columns}
    />
  );
}
