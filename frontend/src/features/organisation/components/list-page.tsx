// The scaffold of an organisation list screen: its title with an Add button, then the searchable
// server-side grid.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ServerDataGrid } from '@/components/server-data-grid';

interface ListPageProps<R extends GridValidRowModel> {
  table: ComponentProps<typeof ServerDataGrid>['table'];
  title: string;
  add: { label: string; to: string };
  list: { data?: { items: R[]; total: number }; isFetching: boolean };
  columns: GridColDef<R>[];
}

export function ListPage<R extends GridValidRowModel>({ table, title, add, list, columns }: ListPageProps<R>) {
  const { t } = useTranslation('organisation');
  return (
    <>
      <PageHeader title={title}>
        <Button component={RouterLink} to={add.to} variant="contained" startIcon={<AddOutlined />}>
          {add.label}
        </Button>
      </PageHeader>
      <ServerDataGrid
        table={table}
        rows={list.data?.items}
        total={list.data?.total}
        loading={list.isFetching}
        columns={columns}
        searchLabel={t('search')}
      />
    </>
  );
}
