// /main/country: the countries companies may be in, searchable, with Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Country } from '@/api/gen/playtrack.schemas';
import { updateCountry, useListCountries } from '@/api/gen/reference-data/reference-data';
import { useListParams } from '@/components/server-data-grid';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';

export function CountryListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const statusColumns = useStatusColumns(
    ({ id, name, iso_code }: Country, active) => updateCountry(id, { name, iso_code, active }),
    '/api/v1/countries',
    { editTo: (row) => `/main/country/edit?id=${row.id}` },
  );
  const columns: GridColDef<Country>[] = [
    { field: 'name', headerName: t('country.name'), flex: 1, minWidth: 160 },
    { field: 'iso_code', headerName: t('country.isoCode'), width: 120 },
    ...statusColumns,
  ];
  return (
    <ListPage
      title={t('country.title')}
      add={{ label: t('country.addTitle'), to: '/main/country/add' }}
      list={useListCountries(params)}
      columns={columns}
    />
  );
}
