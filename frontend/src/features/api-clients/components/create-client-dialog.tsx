// Adds an API client: its name, kind (the game, or a partner), the companies it may report on or
// read, and its rate limit. The server's field problems show on their fields; once created, the
// client's secret goes to `onCreated` (see useCreateApiClient) and this dialog closes.
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type IssuedSecret, useCreateApiClient } from '../api/api-clients';
import type { ApiClientInput } from '@/api/gen/playtrack.schemas';
import { FormDialog } from '@/components/form-dialog';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useCompanies } from '@/lib/use-reference-data';
import { useServerErrors } from '@/lib/use-server-errors';
import {
  CLIENT_DEFAULTS,
  CLIENT_FIELDS,
  type ClientFormValues,
  KINDS,
  NAME_MAX,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
  useClientSchema,
} from './client-schema';

interface CreateClientDialogProps {
  onCreated: (issued: IssuedSecret) => void;
  onClose: () => void;
}

/** Mounted while open, so each opening starts from an empty form. */
export function CreateClientDialog({ onCreated, onClose }: CreateClientDialogProps) {
  const { t } = useTranslation('apiClients');
  const { t: common } = useTranslation('common');
  const labelId = useId();
  const form = useForm<ClientFormValues, unknown, ApiClientInput>({
    resolver: zodResolver(useClientSchema()),
    defaultValues: CLIENT_DEFAULTS,
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const scope = useWatch({ control, name: 'scope' });
  const { companies, names, loading } = useCompanies();
  const { failureMessage, onError, clear } = useServerErrors(setError, CLIENT_FIELDS);
  const create = useCreateApiClient(onCreated);

  const onSubmit = handleSubmit((input) => {
    clear();
    create.mutate(input, { onError });
  });

  return (
    <FormDialog
      title={t('form.title')}
      submitLabel={t('form.create')}
      pending={create.isPending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
      ownMargins
    >
      <Stack>
        <TextField
          {...register('name')}
          label={t('form.name')}
          required
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          error={errors.name !== undefined}
          helperText={errors.name?.message ?? t('form.nameHint')}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState: { error } }) => (
            <FormControl margin="normal" error={error !== undefined}>
              <FormLabel id={`${labelId}-kind`}>{t('form.kind')}</FormLabel>
              <RadioGroup {...field} aria-labelledby={`${labelId}-kind`}>
                {KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    value={kind}
                    control={<Radio />}
                    label={
                      <>
                        <Typography component="span" sx={{ display: 'block' }}>
                          {t(`kind.${kind}`)}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t(`kindHint.${kind}`)}
                        </Typography>
                      </>
                    }
                    sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
              {error && <FormHelperText>{error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <FormControl margin="normal">
              <FormLabel id={`${labelId}-scope`}>{t('form.scope')}</FormLabel>
              <RadioGroup {...field} aria-labelledby={`${labelId}-scope`}>
                <FormControlLabel value="all" control={<Radio />} label={t('form.allCompanies')} />
                <FormControlLabel value="some" control={<Radio />} label={t('form.someCompanies')} />
              </RadioGroup>
            </FormControl>
          )}
        />
        {scope === 'some' && (
          <Controller
            control={control}
            name="companies"
            render={({ field: { ref, value, onChange, onBlur }, fieldState: { error } }) => (
              <Autocomplete
                multiple
                options={companies.map(({ id }) => id)}
                getOptionLabel={(id) => names.get(id) ?? ''}
                value={value}
                onChange={(_event, ids) => onChange(ids)}
                onBlur={onBlur}
                loading={loading}
                loadingText={common('loading')}
                noOptionsText={t('form.noCompanies')}
                clearText={t('form.clear')}
                openText={t('form.open')}
                closeText={common('close')}
                filterSelectedOptions
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={ref}
                    label={t('form.companies')}
                    required
                    error={error !== undefined}
                    helperText={error?.message}
                  />
                )}
              />
            )}
          />
        )}
        <TextField
          {...register('rate_limit_per_minute')}
          type="number"
          label={t('form.rateLimit')}
          required
          slotProps={{ htmlInput: { min: RATE_LIMIT_MIN, max: RATE_LIMIT_MAX, step: 1 } }}
          error={errors.rate_limit_per_minute !== undefined}
          helperText={errors.rate_limit_per_minute?.message ?? t('form.rateLimitHint')}
        />
      </Stack>
    </FormDialog>
  );
}
