// The list of company admins or of trainees (the same screen, filtered by role): search, status,
// — for the super admin — company and — for trainees — batch filters, and per person Edit and
// Disable/Enable. The filters live in the URL with the paging, sorting and search term.
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type MemberRole, type PagedUserItemsItem, Status } from '@/api/gen/playtrack.schemas';
import { useListUsers } from '../api/users';
import { PageHeader } from '@/components/page-header';
import { ReferenceSelect } from '@/components/reference-select';
import { actionsColumn } from '@/components/row-actions';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useSessionUser } from '@/lib/session';
import { useFormats } from '@/lib/formats';
import { useBatches, useCompanies } from '@/lib/use-reference-data';
import { useUrlFilters } from '@/lib/use-url-filters';
import { StatusChip } from './status-chip';
import { ToggleStatusDialog } from './toggle-status-dialog';

type Person = PagedUserItemsItem;

const STATUS_OPTIONS = Object.values(Status);
type Filter = 'company_id' | 'batch_id' | 'status';

const isStatus = (value: string): value is Status => (STATUS_OPTIONS as string[]).includes(value);

export function PeopleList({ role }: { role: MemberRole }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const { day: formatDate } = useFormats();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const { params } = useListParams();
  const { filter, setFilters } = useUrlFilters<Filter>();
  const trainees = role === 'USER';
  const companyId = isSuperAdmin ? filter('company_id') : '';
  const batchId = trainees ? filter('batch_id') : '';
  const status = filter('status');
  const [toggling, setToggling] = useState<Person | null>(null);
  const { companies, names: companyNames } = useCompanies(isSuperAdmin);
  // The batches of the chosen company; of every company in scope while none is chosen.
  const { batches } = useBatches(companyId || undefined, trainees);
  const list = useListUsers({
    ...params,
    role,
    company_id: companyId || undefined,
    batch_id: batchId || undefined,
    status: isStatus(status) ? status : undefined,
  });

  const columns: GridColDef<Person>[] = [
    { field: 'name', headerName: t('columns.name'), flex: 1, minWidth: 160 },
    { field: 'email', headerName: t('columns.email'), flex: 1, minWidth: 200 },
    ...(isSuperAdmin
      ? [
          {
            field: 'company_id',
            headerName: t('columns.company'),
            flex: 1,
            minWidth: 160,
            sortable: false,
            valueGetter: (value: string | null) => (value ? (companyNames.get(value) ?? '') : ''),
          } satisfies GridColDef<Person>,
        ]
      : []),
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 130,
      renderCell: ({ row }) => <StatusChip status={row.status} />,
    },
    {
      field: 'created_at',
      headerName: t('columns.created'),
      width: 140,
      valueFormatter: (value: string) => formatDate(value),
    },
    actionsColumn(t('columns.actions'), 110, (row) => [
      <GridActionsCellItem
        key="edit"
        icon={<EditOutlined />}
        label={t('actions.edit')}
        onClick={() => void navigate(`edit?id=${row.id}`, { relative: 'path' })}
      />,
      <GridActionsCellItem
        key="toggle"
        icon={row.status === 'disabled' ? <CheckCircleOutlined /> : <BlockOutlined />}
        label={t(row.status === 'disabled' ? 'actions.enable' : 'actions.disable')}
        onClick={() => setToggling(row)}
      />,
    ]),
  ];

  return (
    <Box component="section">
      <PageHeader title={t(`${role}.listTitle`)}>
        {role === 'USER' && (
          <Button component={RouterLink} to="import" relative="path" variant="outlined">
            {t('actions.import')}
          </Button>
        )}
        <Button component={RouterLink} to="add" relative="path" variant="contained">
          {t(`${role}.add`)}
        </Button>
      </PageHeader>
      <ServerDataGrid
        table={role === 'USER' ? 'trainees' : 'company-admins'}
        rows={list.data?.items}
        total={list.data?.total}
        columns={columns}
        loading={list.isFetching}
        searchLabel={t('filters.search')}
        toolbar={
          <>
            {isSuperAdmin && (
              <ReferenceSelect
                size="small"
                label={t('filters.company')}
                value={companyId}
                options={companies}
                emptyLabel={t('filters.all')}
                // Another company's batches are not in the list any more.
                onChange={(id) => setFilters({ company_id: id, batch_id: '' })}
                sx={{ minWidth: 200 }}
              />
            )}
            {trainees && (
              <ReferenceSelect
                size="small"
                label={t('filters.batch')}
                // A batch from an old link shows as empty until (or unless) it is among the options.
                value={batches.some(({ id }) => id === batchId) ? batchId : ''}
                options={batches}
                emptyLabel={t('filters.all')}
                onChange={(id) => setFilters({ batch_id: id })}
                sx={{ minWidth: 200 }}
              />
            )}
            <ReferenceSelect
              size="small"
              label={t('filters.status')}
              value={isStatus(status) ? status : ''}
              options={STATUS_OPTIONS.map((value) => ({ id: value, name: t(`status.${value}`) }))}
              emptyLabel={t('filters.all')}
              onChange={(value) => setFilters({ status: value })}
              sx={{ minWidth: 160 }}
            />
          </>
        }
      />
      <ToggleStatusDialog person={toggling} onClose={() => setToggling(null)} />
    </Box>
  );
}
