// The person's name and preferred language, which they change themselves, and their e-mail,
// which they cannot: they sign in with it. Once saved, the screens switch to the chosen
// language and the name shown elsewhere (the header, the greeting) follows.
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Profile } from '@/api/gen/playtrack.schemas';
import { PROFILE_KEYS, useUpdateProfile } from '../api/profile';
import { useNotify } from '@/components/notifications';
import { ReferenceSelectField } from '@/components/reference-select';
import { SubmitButton } from '@/components/submit-button';
import { TitledCard } from '@/components/titled-card';
import { chooseLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_OPTIONS, LANGUAGES } from '@/lib/i18n';
import { useProblemMessage } from '@/lib/problem-message';
import { setSessionUser } from '@/lib/session';
import { announce } from '@/lib/session-channel';
import { useInvalidate } from '@/lib/use-invalidate';
import { useServerErrors } from '@/lib/use-server-errors';

/** The server's longest name. */
const NAME_MAX = 200;
const FIELDS = ['name', 'locale'] as const;

export function BasicInfoCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const { fieldMessage } = useProblemMessage();
  const notify = useNotify();
  const invalidate = useInvalidate();
  // The server's own checks and words, so most mistakes show before a round trip.
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, { error: fieldMessage('REQUIRED') })
          .max(NAME_MAX, { error: fieldMessage('TOO_LONG') }),
        locale: z.enum(LANGUAGES, { error: fieldMessage('UNKNOWN_LANGUAGE') }),
      }),
    [fieldMessage],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: profile.name, locale: isLanguage(profile.locale) ? profile.locale : DEFAULT_LANGUAGE },
  });
  const { failureMessage, onError, clear } = useServerErrors(setError, FIELDS);
  const update = useUpdateProfile({
    mutation: {
      onSuccess: async (saved) => {
        setSessionUser(saved);
        announce({ type: 'updated', user: saved });
        if (isLanguage(saved.locale)) await chooseLanguage(saved.locale);
        await invalidate(...PROFILE_KEYS);
        // Said in the language just chosen: `t` keeps the one this render had.
        notify({ severity: 'success', message: i18n.t('profile:basicInfo.saved') });
      },
      onError,
    },
  });

  const onSubmit = handleSubmit((values) => {
    clear();
    update.mutate({ data: values });
  });

  return (
    <TitledCard title={t('basicInfo.title')} heading="h2">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            {...register('name')}
            label={t('basicInfo.name')}
            required
            autoComplete="name"
            error={errors.name !== undefined}
            helperText={errors.name?.message}
          />
          <TextField
            label={t('basicInfo.email')}
            value={profile.email}
            type="email"
            helperText={t('basicInfo.emailReadOnly')}
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <LockOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ReferenceSelectField
            control={control}
            name="locale"
            label={t('basicInfo.language')}
            options={LANGUAGE_OPTIONS}
            helperText={t('basicInfo.languageHint')}
          />
          {failureMessage !== undefined && <Alert severity="error">{failureMessage}</Alert>}
        </Stack>
        <SubmitButton pending={update.isPending}>{t('basicInfo.save')}</SubmitButton>
      </form>
    </TitledCard>
  );
}
