// Adds a company admin or a trainee (who is invited by mail and, as a trainee, takes a licence
// seat), or edits one (`?id=`): only the name and the language can change.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { MemberRole, User } from '@/api/gen/playtrack.schemas';
import { getListUsersQueryKey, useCreateUser, useGetUser, useUpdateUser } from '@/api/gen/users/users';
import { useNotify } from '@/components/notifications';
import { TopProgressBar } from '@/components/top-progress-bar';
import { ApiError, problemCode } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { LANGUAGES, languageEndonym } from '@/lib/i18n';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';
import { useBatches, useCompanies } from '../hooks/use-reference-data';
import { FormFrame } from './form-frame';
import { ReferenceSelect } from './reference-select';

/** What the form asks for besides the name and the language. */
interface Asks {
  email: boolean;
  company: boolean;
  batch: boolean;
}

// Each language under its own name, so the invitee's language is easy to find.
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ id: language, name: languageEndonym(language) }));

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
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
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
    formState: { errors },
  } = useForm({
    resolver: zodResolver(usePersonSchema(asks)),
    defaultValues: {
      name: person?.name ?? '',
      email: person?.email ?? '',
      company_id: '',
      batch_id: '',
      locale: person?.locale ?? i18n.language,
    },
  });
  const companyId = useWatch({ control, name: 'company_id' });
  const { companies } = useCompanies(asks.company);
  // The super admin picks the company first; a company admin's batches are their company's.
  const { batches } = useBatches(isSuperAdmin ? companyId : undefined, asks.batch && (!isSuperAdmin || companyId !== ''));

  const done = (message: string) => {
    notify({ severity: 'success', message });
    void queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() });
    void navigate('..', { relative: 'path' });
  };

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
        { id: person.id, data: { name: values.name, locale: values.locale } },
        { onSuccess: () => done(t('form.saved')), onError },
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
          locale: values.locale,
        },
      },
      { onSuccess: (created) => done(t('form.invited', { email: created.email })), onError },
    );
  });

  // Field errors show on their fields; anything else above the buttons.
  const code = problemCode(mutation.error);
  const failure =
    mutation.isError &&
    code !== 'EMAIL_TAKEN' &&
    !(mutation.error instanceof ApiError && mutation.error.fieldErrors.length > 0);

  return (
    <FormFrame
      title={t(`${role}.${adding ? 'addTitle' : 'editTitle'}`)}
      submitLabel={t(adding ? 'form.invite' : 'form.save')}
      submitting={mutation.isPending}
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
        <Controller
          control={control}
          name="company_id"
          render={({ field: { ref, onChange, ...field } }) => (
            <ReferenceSelect
              {...field}
              inputRef={ref}
              label={t('form.company')}
              required
              options={companies}
              onChange={(id) => {
                onChange(id);
                setValue('batch_id', '');
              }}
              error={errors.company_id !== undefined}
              helperText={errors.company_id?.message}
            />
          )}
        />
      )}
      {asks.batch && (
        <Controller
          control={control}
          name="batch_id"
          render={({ field: { ref, ...field } }) => (
            <ReferenceSelect
              {...field}
              inputRef={ref}
              label={t('form.batch')}
              required
              options={batches}
              error={errors.batch_id !== undefined}
              helperText={errors.batch_id?.message ?? t('form.seatHint')}
            />
          )}
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

/** `<p>/companyadmin/add`, `<p>/user/add`, and their `edit?id=`. */
export function PersonFormPage({ role }: { role: MemberRole }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  const { problemMessage } = useProblemMessage();
  const person = useGetUser(id ?? '', { query: { enabled: id !== null } });
  if (id === null) return <PersonForm role={role} />;
  if (person.isError) return <Alert severity="error">{problemMessage(person.error)}</Alert>;
  if (!person.data) return <TopProgressBar />;
  return <PersonForm key={person.data.id} role={role} person={person.data} />;
}
