// Adds a company admin or a trainee (who is invited by mail and, as a trainee, takes a licence
// seat), or edits one (`?id=`): only the name and the language can change.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { MemberRole, User } from '@/api/gen/playtrack.schemas';
import { useCreateUser, useGetUser, useUpdateUser } from '../api/users';
import { FormFrame } from '@/components/form-frame';
import { LoadingRecord } from '@/components/loading-record';
import { ReferenceSelect, ReferenceSelectField } from '@/components/reference-select';
import { problemCode } from '@/lib/api-client';
import { recordIdOf } from '@/lib/record-id';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { isLanguage, LANGUAGE_OPTIONS } from '@/lib/i18n';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';
import { useLeaveSaved } from '@/lib/use-leave-saved';
import { useBatches, useCompanies } from '@/lib/use-reference-data';

/** What the form asks for besides the name and the language. */
interface Asks {
  email: boolean;
  company: boolean;
  batch: boolean;
}

const FIELDS = ['name', 'email', 'company_id', 'batch_id', 'locale'] as const;

function usePersonSchema(asks: Asks) {
  const { t } = useTranslation('people');
  return useMemo(() => {
    const required = (message: string) => z.string().trim().min(1, { error: message });
    return z.object({
      name: required(t('form.nameRequired')),
      email: asks.email
        ? required(t('form.emailRequired')).pipe(z.email({ error: t('form.emailInvalid') }))
        : z.string(),
      company_id: asks.company ? required(t('form.companyRequired')) : z.string(),
      batch_id: asks.batch ? required(t('form.batchRequired')) : z.string(),
      locale: z.string(),
    });
  }, [t, asks.email, asks.company, asks.batch]);
}

interface PersonFormProps {
  role: MemberRole;
  /** The person edited; a new one is added without. */
  person?: User;
}

function PersonForm({ role, person }: PersonFormProps) {
  const { t, i18n } = useTranslation('people');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const leave = useLeaveSaved();
  const isSuperAdmin = useSessionUser()?.role === 'SUPER_ADMIN';
  const adding = person === undefined;
  const asks: Asks = { email: adding, company: adding && isSuperAdmin, batch: adding && role === 'USER' };
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = adding ? create : update;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState,
  } = useForm({
    resolver: zodResolver(usePersonSchema(asks)),
    defaultValues: {
      name: person?.name ?? '',
      email: person?.email ?? '',
      company_id: '',
      batch_id: '',
      locale: person?.locale ?? i18n.language,
    },
  });  const { errors } = formState;

  const companyId = useWatch({ control, name: 'company_id' });
  const { companies } = useCompanies(asks.company);
  // The super admin picks the company first; a company admin's batches are their company's.
  const { batches } = useBatches(isSuperAdmin ? companyId : undefined, asks.batch && (!isSuperAdmin || companyId !== ''));

  const onError = (error: unknown) => {
    if (problemCode(error) === 'EMAIL_TAKEN') {
      setError('email', { type: 'server', message: problemMessage(error) }, { shouldFocus: true });
      return;
    }
    applyFieldErrors(error, setError, FIELDS, fieldMessage);
  };

  const onSubmit = handleSubmit((values) => {
    if (person) {
      update.mutate(
        { id: person.id, data: { name: values.name, locale: isLanguage(values.locale) ? values.locale : undefined } },
        { onSuccess: () => leave(t('form.saved')), onError },
      );
      return;
    }
    create.mutate(
      {
        data: {
          role,
          name: values.name,
          email: values.email,
          company_id: values.company_id || undefined,
          batch_id: values.batch_id || undefined,
          locale: isLanguage(values.locale) ? values.locale : undefined,
        },
      },
      { onSuccess: (created) => leave(t('form.invited', { email: created.email })), onError },
    );
  });

  // Field errors show on their fields; anything else above the buttons.
  const code = problemCode(mutation.error);
  const failure = mutation.isError && isFormFailure(mutation.error, ['EMAIL_TAKEN']);

  return (
    <FormFrame
      title={t(`${role}.${adding ? 'addTitle' : 'editTitle'}`)}
      submitLabel={t(adding ? 'form.invite' : 'form.save')}
      submitting={mutation.isPending}
      dirty={unsavedChanges({ getValues, formState })}
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextField
        {...register('name')}
        label={t('form.name')}
        required
        error={errors.name !== undefined}
        helperText={errors.name?.message}
      />
      <TextField
        {...register('email')}
        type="email"
        label={t('form.email')}
        required={adding}
        disabled={!adding}
        autoComplete="off"
        error={errors.email !== undefined}
        helperText={errors.email?.message}
      />
      {asks.company && (
        <ReferenceSelectField
          control={control}
          name="company_id"
          label={t('form.company')}
          required
          options={companies}
          onChange={() => setValue('batch_id', '')}
        />
      )}
      {asks.batch && (
        <ReferenceSelectField
          control={control}
          name="batch_id"
          label={t('form.batch')}
          required
          options={batches}
          helperText={t('form.seatHint')}
        />
      )}
      <Controller
        control={control}
        name="locale"
        render={({ field: { ref, ...field } }) => (
          <ReferenceSelect {...field} inputRef={ref} label={t('form.language')} options={LANGUAGE_OPTIONS} />
        )}
      />
      {failure && (
        <Alert severity="error">{code === 'NO_SEAT_LEFT' ? t('form.noSeatLeft') : problemMessage(mutation.error)}</Alert>
      )}
    </FormFrame>
  );
}

/** `<p>/companyadmin/add`, `<p>/user/add`, and (`edit`) their `edit?id=`. */
export function PersonFormPage({ role, edit }: { role: MemberRole; edit: boolean }) {
  const [search] = useSearchParams();
  const id = edit ? recordIdOf(search) : null;
  const person = useGetUser(id ?? '', { query: { enabled: id !== null } });
  if (!edit) return <PersonForm role={role} />;
  return (
    <LoadingRecord query={person} idMissing={id === null} listPath="..">
      {(found) => <PersonForm key={found.id} role={role} person={found} />}
    </LoadingRecord>
  );
}
