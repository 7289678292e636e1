// /main/country: the countries companies may be in, searchable, with Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Country } from '@/api/gen/playtrack.schemas';
import { updateCountry, useListCountries } from '@/api/gen/reference-data/reference-data';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useToggleActive } from '../hooks/use-toggle-active';
import { actionsColumn, activeColumn } from './grid-columns';
import { PageHeader } from './page-header';

export function CountryListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const list = useListCountries(params);
  const toggle = useToggleActive(
    ({ id, name, iso_code }: Country, active) => updateCountry(id, { name, iso_code, active }),
    '/api/v1/countries',
  );
  const columns: GridColDef<Country>[] = [
    { field: 'name', headerName: t('country.name'), flex: 1, minWidth: 160 },
    { field: 'iso_code', headerName: t('country.isoCode'), width: 120 },
    activeColumn(t),
    actionsColumn(t, {
      editTo: (row) => `/main/country/edit?id=${row.id}`,
      onToggle: (row) => toggle.mutate(row),
      toggling: toggle.isPending,
    }),
  ];
  return (
    <>
      <PageHeader title={t('country.title')} action={{ kind: 'add', label: t('country.addTitle'), to: '/main/country/add' }} />
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
