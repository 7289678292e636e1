// Moves a trainee to another batch of the same company.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberKeys, moveBatchMember, useListBatches } from '../api/batches';
import type { Batch, Member } from '@/api/gen/playtrack.schemas';
import { useMemberChange } from '../hooks/use-member-change';

interface MoveMemberDialogProps {
  batch: Batch;
  member: Member;
  onClose: () => void;
}

export function MoveMemberDialog({ batch, member, onClose }: MoveMemberDialogProps) {
  const { t } = useTranslation('organisation');
  const [target, setTarget] = useState('');
  const batches = useListBatches({ company_id: batch.company_id, active: true, per_page: 200, sort: 'name' });
  const others = (batches.data?.items ?? []).filter(({ id }) => id !== batch.id);
  const move = useMemberChange(
    (to: string) => moveBatchMember(batch.id, member.user_id, { to_batch_id: to }),
    (to) => t('members.moved', { name: member.name, batch: others.find(({ id }) => id === to)?.name ?? '' }),
    (to) => memberKeys(batch.id, to),
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('members.moveTitle', { name: member.name })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="normal"
          label={t('members.moveTo')}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          helperText={others.length === 0 && !batches.isFetching ? t('members.noOtherBatch') : undefined}
        >
          {others.map(({ id, name }) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={target === '' || move.isPending}
          loading={move.isPending}
          onClick={() => move.mutate(target, { onSuccess: onClose })}
        >
          {t('members.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
