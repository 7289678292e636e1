// /main/company: every company, searchable by name, with details, edit and Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { companyKeys, updateCompany, useListCompanies } from '../api/companies';
import type { Company } from '@/api/gen/playtrack.schemas';
import { useListParams } from '@/components/server-data-grid';
import { useStatusColumns } from './grid-columns';
import { ListPage } from './list-page';

export function CompanyListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const statusColumns = useStatusColumns(
    ({ id, ...company }: Company, active) => updateCompany(id, { ...company, active }),
    ({ id }) => companyKeys(id),
    {
      detailsTo: (row) => `/main/companydetails?id=${row.id}`,
      editTo: (row) => `/main/company/edit?id=${row.id}`,
    },
  );
  const columns: GridColDef<Company>[] = [
    { field: 'name', headerName: t('company.name'), flex: 1, minWidth: 160 },
    { field: 'email', headerName: t('company.email'), flex: 1, minWidth: 180 },
    { field: 'contact_person', headerName: t('company.contactPerson'), flex: 1, minWidth: 140 },
    { field: 'session_minutes', headerName: t('company.sessionMinutes'), width: 170, type: 'number' },
    ...statusColumns,
  ];
  return (
    <ListPage
      table="companies"
      title={t('company.title')}
      add={{ label: t('company.addTitle'), to: '/main/company/add' }}
      list={useListCompanies(params)}
      columns={columns}
    />
  );
}
