// The trainee a report is narrowed to: found by name or e-mail among the trainees of the chosen
// company and batch (the server searches), and named from the URL's id when the page opens.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetUser, useListUsers } from '../api/reports';

const SUGGESTIONS = 20;

interface Trainee {
  id: string;
  name: string;
  email: string;
}

interface TraineeFilterProps {
  value: string;
  company: string;
  batch: string;
  onChange: (id: string) => void;
}

export function TraineeFilter({ value, company, batch, onChange }: TraineeFilterProps) {
  const { t } = useTranslation('reports');
  const [term, setTerm] = useState('');
  const users = useListUsers({
    role: 'USER',
    company_id: company || undefined,
    batch_id: batch || undefined,
    q: term.trim() || undefined,
    per_page: SUGGESTIONS,
    sort: 'name',
    order: 'asc',
  });
  const chosen = useGetUser(value, { query: { enabled: value !== '' } });
  const selected: Trainee | null = value !== '' && chosen.data?.id === value ? chosen.data : null;

  return (
    <Autocomplete<Trainee>
      size="small"
      sx={{ minWidth: 240 }}
      options={users.data?.items ?? []}
      loading={users.isFetching}
      // The server already searched; the list shows what it found.
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.name}
      renderOption={({ key, ...props }, user) => (
        <li key={key} {...props}>
          {user.name} &lt;{user.email}&gt;
        </li>
      )}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      value={selected}
      onInputChange={(_event, input, reason) => setTerm(reason === 'input' ? input : '')}
      onChange={(_event, user) => onChange(user?.id ?? '')}
      noOptionsText={t('filters.noTrainee')}
      loadingText={t('filters.searching')}
      renderInput={(params) => <TextField {...params} margin="none" label={t('filters.user')} />}
    />
  );
}
