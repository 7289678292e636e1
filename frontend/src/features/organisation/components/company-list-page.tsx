// /main/company: every company, searchable by name, with details, edit and Activate / Deactivate.
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { updateCompany, useListCompanies } from '@/api/gen/companies/companies';
import type { Company } from '@/api/gen/playtrack.schemas';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useToggleActive } from '../hooks/use-toggle-active';
import { actionsColumn, activeColumn } from './grid-columns';
import { PageHeader } from './page-header';

export function CompanyListPage() {
  const { t } = useTranslation('organisation');
  const { params } = useListParams();
  const list = useListCompanies(params);
  const toggle = useToggleActive(
    ({ id, ...company }: Company, active) => updateCompany(id, { ...company, active }),
    '/api/v1/companies',
  );
  const columns: GridColDef<Company>[] = [
    { field: 'name', headerName: t('company.name'), flex: 1, minWidth: 160 },
    { field: 'email', headerName: t('company.email'), flex: 1, minWidth: 180 },
    { field: 'contact_person', headerName: t('company.contactPerson'), flex: 1, minWidth: 140 },
    { field: 'session_minutes', headerName: t('company.sessionMinutes'), width: 140, type: 'number' },
    activeColumn(t),
    actionsColumn(t, {
      detailsTo: (row) => `/main/companydetails?id=${row.id}`,
      editTo: (row) => `/main/company/edit?id=${row.id}`,
      onToggle: (row) => toggle.mutate(row),
      toggling: toggle.isPending,
    }),
  ];
  return (
    <>
      <PageHeader title={t('company.title')} action={{ kind: 'add', label: t('company.addTitle'), to: '/main/company/add' }} />
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
