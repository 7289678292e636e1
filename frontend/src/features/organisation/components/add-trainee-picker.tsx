// Finds a trainee of the batch's company by name or e-mail and adds them to the batch.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBatchMember, memberKeys } from '../api/batches';
import type { Batch, User } from '@/api/gen/playtrack.schemas';
import { useListUsers } from '../api/users';
import { useMemberChange } from '../hooks/use-member-change';

const SUGGESTIONS = 20;

export function AddTraineePicker({ batch }: { batch: Batch }) {
  const { t } = useTranslation('organisation');
  const [term, setTerm] = useState('');
  const users = useListUsers({ role: 'USER', company_id: batch.company_id, q: term.trim() || undefined, per_page: SUGGESTIONS });
  const add = useMemberChange(
    (user: User) => addBatchMember(batch.id, user.id),
    (user) => t('members.added', { name: user.name }),
    () => memberKeys(batch.id),
  );

  return (
    <Autocomplete
      sx={{ minWidth: 320 }}
      size="small"
      options={users.data?.items ?? []}
      loading={users.isFetching}
      // The server already searched; the picker shows what it found.
      filterOptions={(options) => options}
      getOptionLabel={(user) => `${user.name} <${user.email}>`}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      value={null}
      inputValue={term}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setTerm(value);
      }}
      onChange={(_event, user) => {
        if (user) add.mutate(user);
        setTerm('');
      }}
      noOptionsText={t('members.noTrainee')}
      loadingText={t('members.searching')}
      disabled={add.isPending}
      renderInput={(params) => <TextField {...params} label={t('members.addTrainee')} />}
    />
  );
}
