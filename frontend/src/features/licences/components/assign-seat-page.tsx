// `<p>/licencedetails/add` (and the company admin's `licencedetails/edit`): gives a trainee a
// licence seat, from their batch's allocations first, else the company's.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignSeat } from '../api/licences';
import type { PagedUserItemsItem } from '@/api/gen/playtrack.schemas';
import { useListUsers } from '../api/users';
import { FormFrame } from '@/components/form-frame';
import { problemCode } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/problem-message';

type Trainee = PagedUserItemsItem;

const SUGGESTIONS = 20;

/** What an assignment's failure means for the admin, in this screen's words where it has some. */
const FAILURES = { NO_SEAT_LEFT: 'assign.noSeatLeft', USER_STATE: 'assign.disabled' } as const;

export function AssignSeatPage() {
  const { t } = useTranslation('licences');
  const { problemMessage } = useProblemMessage();
  const [trainee, setTrainee] = useState<Trainee | null>(null);
  const [term, setTerm] = useState('');
  const [missing, setMissing] = useState(false);
  const trainees = useListUsers({ role: 'USER', q: term.trim() || undefined, per_page: SUGGESTIONS, sort: 'name' });
  const assign = useAssignSeat();

  const onSubmit = () => {
    if (!trainee) {
      setMissing(true);
      return;
    }
    assign.mutate({ data: { user_id: trainee.id } });
  };

  const code = problemCode(assign.error);
  const failure = code === 'NO_SEAT_LEFT' || code === 'USER_STATE' ? t(FAILURES[code]) : problemMessage(assign.error);

  return (
    <FormFrame
      title={t('assign.title')}
      dirty={() => trainee !== null && !assign.isSuccess}
      submitLabel={t('actions.assign')}
      submitting={assign.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Autocomplete
        options={trainees.data?.items ?? []}
        loading={trainees.isFetching}
        value={trainee}
        onChange={(_event, value) => {
          setTrainee(value);
          setMissing(false);
          assign.reset();
        }}
        onInputChange={(_event, value) => setTerm(value)}
        // The server searches; the options are already its answer.
        filterOptions={(options) => options}
        getOptionLabel={(option) => `${option.name} (${option.email})`}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={t('assign.noTrainees')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('assign.trainee')}
            required
            error={missing}
            helperText={missing ? t('assign.traineeRequired') : t('assign.traineeHint')}
          />
        )}
      />
      {assign.isSuccess && trainee && (
        <Alert severity={assign.data.created ? 'success' : 'info'}>
          {t(assign.data.created ? 'assign.created' : 'assign.alreadyHeld', { name: trainee.name })}
        </Alert>
      )}
      {assign.isError && <Alert severity="error">{failure}</Alert>}
    </FormFrame>
  );
}
