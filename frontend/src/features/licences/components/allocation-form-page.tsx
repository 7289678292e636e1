// `main/licencesummary/add` and `edit?id=` (super admin): seats bought for a company, or for
// one of its batches, valid over a period. An allocation never changes company.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  useCreateLicenceAllocation,
  useGetLicenceAllocation,
  useUpdateLicenceAllocation,
} from '../api/licences';
import type { Allocation } from '@/api/gen/playtrack.schemas';
import { DateField, INVALID_DATE } from '@/components/date-field';
import { FormFrame } from '@/components/form-frame';
import { LoadingRecord } from '@/components/loading-record';
import { ReferenceSelectField } from '@/components/reference-select';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useLeaveSaved } from '@/lib/use-leave-saved';
import { useProblemMessage } from '@/lib/problem-message';
import { recordIdOf } from '@/lib/record-id';
import { useBatches, useCompanies } from '@/lib/use-reference-data';

const FIELDS = ['company_id', 'batch_id', 'seats', 'valid_from', 'valid_until'] as const;

/** `YYYY-MM-DD` of a local day, as date fields and the API write dates. */
function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function useAllocationSchema() {
  const { t } = useTranslation('licences');
  return useMemo(() => {
    const validity = z
      .string()
      .min(1, { error: t('form.validityRequired') })
      .refine((value) => value !== INVALID_DATE, { error: t('form.dateInvalid') });
    return z
      .object({
        company_id: z.string().min(1, { error: t('form.companyRequired') }),
        batch_id: z.string(),
        seats: z
          .string()
          .trim()
          .min(1, { error: t('form.seatsRequired') })
          .regex(/^\d+$/, { error: t('form.numberOnly') }),
        valid_from: validity,
        valid_until: validity,
      })
      .refine((values) => !values.valid_from || !values.valid_until || values.valid_until >= values.valid_from, {
        path: ['valid_until'],
        error: t('form.dateOrder'),
      });
  }, [t]);
}

function AllocationForm({ allocation }: { allocation?: Allocation }) {
  const { t } = useTranslation('licences');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const leave = useLeaveSaved();
  const create = useCreateLicenceAllocation();
  const update = useUpdateLicenceAllocation();
  const mutation = allocation ? update : create;
  const today = new Date();
  const inAYear = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate());
  const form = useForm({
    resolver: zodResolver(useAllocationSchema()),
    defaultValues: {
      company_id: allocation?.company_id ?? '',
      batch_id: allocation?.batch_id ?? '',
      seats: allocation ? String(allocation.seats) : '',
      valid_from: allocation?.valid_from ?? isoDay(today),
      valid_until: allocation?.valid_until ?? isoDay(inAYear),
    },
  });
  const { register, control, setError, setValue } = form;
  const { errors } = form.formState;
  const companyId = useWatch({ control, name: 'company_id' });
  const { companies } = useCompanies();
  const { batches } = useBatches(companyId, companyId !== '');

  const onError = (error: unknown) => {
    if (problemCode(error) === 'SEATS_BELOW_TAKEN') {
      setError('seats', { type: 'server', message: t('form.seatsBelowTaken') }, { shouldFocus: true });
      return;
    }
    applyFieldErrors(error, setError, FIELDS, fieldMessage);
  };

  const onSubmit = form.handleSubmit((values) => {
    const data = { ...values, batch_id: values.batch_id || null, seats: Number(values.seats) };
    const onSuccess = () => leave(t('form.saved'));
    if (allocation) update.mutate({ id: allocation.id, data }, { onSuccess, onError });
    else create.mutate({ data }, { onSuccess, onError });
  });

  const failure = mutation.isError && isFormFailure(mutation.error, ['SEATS_BELOW_TAKEN']);

  return (
    <FormFrame
      title={t(allocation ? 'form.editTitle' : 'form.addTitle')}
      submitLabel={t('form.save')}
      submitting={mutation.isPending}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ReferenceSelectField
        control={control}
        name="company_id"
        label={t('form.company')}
        required
        disabled={allocation !== undefined}
        options={companies}
        onChange={() => setValue('batch_id', '')}
      />
      <ReferenceSelectField
        control={control}
        name="batch_id"
        label={t('form.batch')}
        options={batches}
        emptyLabel={t('allBatches')}
        helperText={t('form.batchHint')}
      />
      <TextField
        {...register('seats')}
        label={t('form.seats')}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={errors.seats !== undefined}
        helperText={errors.seats?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['valid_from', 'valid_until'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: { ref, ...field } }) => (
              <DateField
                {...field}
                inputRef={ref}
                label={t(name === 'valid_from' ? 'form.validFrom' : 'form.validUntil')}
                required
                error={errors[name] !== undefined}
                helperText={errors[name]?.message}
                fullWidth
              />
            )}
          />
        ))}
      </Stack>
      {failure && <Alert severity="error">{problemMessage(mutation.error)}</Alert>}
    </FormFrame>
  );
}

export function AllocationAddPage() {
  return <AllocationForm />;
}

export function AllocationEditPage() {
  const [search] = useSearchParams();
  const id = recordIdOf(search);
  const allocation = useGetLicenceAllocation(id ?? '', { query: { enabled: id !== null } });
  return (
    <LoadingRecord query={allocation} idMissing={id === null} listPath="..">
      {(found) => <AllocationForm key={found.id} allocation={found} />}
    </LoadingRecord>
  );
}
