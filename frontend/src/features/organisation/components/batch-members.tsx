// The trainees of a batch on its edit screen: search, add, remove (after asking), and move to
// another batch.
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberKeys, removeBatchMember, useListBatchMembers } from '../api/batches';
import type { Batch, Member } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { actionsColumn } from '@/components/row-actions';
import { ServerDataGrid, useListParams } from '@/components/server-data-grid';
import { useFormats } from '@/lib/formats';
import { useMemberChange } from '../hooks/use-member-change';
import { AddTraineePicker } from './add-trainee-picker';
import { MoveMemberDialog } from './move-member-dialog';

export function BatchMembers({ batch }: { batch: Batch }) {
  const { t } = useTranslation('organisation');
  const { day: dateTime } = useFormats();
  const { params } = useListParams();
  // Members come in name order only: the server takes no sort.
  const members = useListBatchMembers(batch.id, { page: params.page, per_page: params.per_page, q: params.q });
  const [moving, setMoving] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useMemberChange(
    (member: Member) => removeBatchMember(batch.id, member.user_id),
    (member) => t('members.removed', { name: member.name }),
    () => memberKeys(batch.id),
  );

  const columns: GridColDef<Member>[] = [
    { field: 'name', headerName: t('members.name'), flex: 1, minWidth: 160, sortable: false },
    { field: 'email', headerName: t('members.email'), flex: 1, minWidth: 200, sortable: false },
    {
      field: 'added_at',
      headerName: t('members.addedAt'),
      width: 140,
      sortable: false,
      valueFormatter: (value: string) => dateTime(value),
    },
    actionsColumn(t('fields.actions'), 100, (row) => [
      <GridActionsCellItem
        key="move"
        icon={<DriveFileMoveOutlined />}
        label={t('members.move')}
        onClick={() => setMoving(row)}
      />,
      <GridActionsCellItem
        key="remove"
        icon={<PersonRemoveOutlined />}
        label={t('members.remove')}
        onClick={() => setRemoving(row)}
      />,
    ]),
  ];

  return (
    <Stack component="section" spacing={2} sx={{ maxWidth: 960, mx: 'auto', mt: 4 }}>
      <Typography component="h2" variant="h5">
        {t('members.title')}
      </Typography>
      <ServerDataGrid
        table="batch-members"
        rows={members.data?.items}
        total={members.data?.total}
        loading={members.isFetching}
        columns={columns}
        getRowId={(member) => member.user_id}
        searchLabel={t('search')}
        toolbar={<AddTraineePicker batch={batch} />}
      />
      {moving && <MoveMemberDialog batch={batch} member={moving} onClose={() => setMoving(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('members.removeTitle', { name: removing?.name })}
        body={t('members.removeBody', { name: removing?.name, batch: batch.name })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        onConfirm={() => {
          // A failure is reported like the other member changes; the dialog closes either way.
          if (removing) remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
