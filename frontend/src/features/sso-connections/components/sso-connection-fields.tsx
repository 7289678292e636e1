// The fields of an SSO connection, shared by the super admin's dialog and a company admin's
// form: the provider (issuer, client, secret, scopes, e-mail claim), then what decides who gets
// in (domains, creating trainees in a batch, a seat, password sign-in). A company admin sees
// the latter as the super admin set them, and cannot change them (`locked`).
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReferenceSelectField } from '@/components/reference-select';
import { useBatches } from '@/lib/use-reference-data';
import { RedirectUri } from './redirect-uri';
import {
  CLIENT_ID_MAX,
  DOMAINS_MAX,
  EMAIL_CLAIMS,
  ISSUER_MAX,
  SECRET_MAX,
  type SsoFormValues,
  type SsoSubmit,
} from './sso-connection-schema';

/** Addresses, ids and domains read left to right in every language, and are never corrected. */
const LTR = { dir: 'ltr', spellCheck: false } as const;

interface SsoConnectionFieldsProps {
  form: UseFormReturn<SsoFormValues, unknown, SsoSubmit>;
  /** A new connection: its secret is required; an existing one keeps its secret unless typed. */
  creating: boolean;
  /** A company admin's form: the fields deciding who gets in are shown, not changed. */
  locked: boolean;
  /** The company chooser of a new connection, before the other fields. */
  companyField?: ReactNode;
}

export function SsoConnectionFields({ form, creating, locked, companyField }: SsoConnectionFieldsProps) {
  const { t } = useTranslation('ssoConnections');
  const { control, register, formState } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'domains' });
  const [companyId, createUsers, batchId] = useWatch({ control, name: ['company_id', 'create_users', 'batch_id'] });
  const { batches, loading: batchesLoading } = useBatches(companyId || undefined, companyId !== '');
  const domainsError = errors.domains?.root?.message ?? errors.domains?.message;
  // The saved batch stays a choice while the batches load (or once it is gone).
  const batchOptions = batches.map(({ id, name }) => ({ id, name }));
  if (batchId !== '' && !batchOptions.some(({ id }) => id === batchId)) {
    batchOptions.push({ id: batchId, name: batchesLoading ? '…' : t('form.unknownBatch') });
  }

  return (
    <Stack spacing={2}>
      {companyField}
      <RedirectUri />
      <Divider />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {t('form.providerSection')}
      </Typography>
      <TextField
        {...register('issuer')}
        label={t('form.issuer')}
        required
        autoComplete="off"
        placeholder="https://login.example.com/tenant/v2.0"
        slotProps={{ htmlInput: { ...LTR, inputMode: 'url', maxLength: ISSUER_MAX } }}
        error={errors.issuer !== undefined}
        helperText={errors.issuer?.message ?? t('form.issuerHint')}
      />
      <TextField
        {...register('client_id')}
        label={t('form.clientId')}
        required
        autoComplete="off"
        slotProps={{ htmlInput: { ...LTR, maxLength: CLIENT_ID_MAX } }}
        error={errors.client_id !== undefined}
        helperText={errors.client_id?.message ?? t('form.clientIdHint')}
      />
      <TextField
        {...register('client_secret')}
        label={t('form.clientSecret')}
        type="password"
        required={creating}
        // Not a password of this site: the browser must neither offer nor save one.
        autoComplete="new-password"
        slotProps={{ htmlInput: { ...LTR, maxLength: SECRET_MAX } }}
        error={errors.client_secret !== undefined}
        helperText={errors.client_secret?.message ?? t(creating ? 'form.clientSecretHint' : 'form.clientSecretKeepHint')}
      />
      <TextField
        {...register('scopes')}
        label={t('form.scopes')}
        autoComplete="off"
        placeholder="offline_access groups"
        slotProps={{ htmlInput: LTR }}
        error={errors.scopes !== undefined}
        helperText={errors.scopes?.message ?? t('form.scopesHint')}
      />
      <Controller
        control={control}
        name="email_claim"
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label={t('form.emailClaim')}
            required
            error={error !== undefined}
            helperText={error?.message ?? t('form.emailClaimHint')}
          >
            {EMAIL_CLAIMS.map((claim) => (
              <MenuItem key={claim} value={claim}>
                {t(`emailClaim.${claim}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Divider />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {t('form.accessSection')}
      </Typography>
      {locked && <Alert severity="info">{t('form.lockedHint')}</Alert>}
      <FormControl component="fieldset" error={domainsError !== undefined} disabled={locked}>
        <FormLabel component="legend" required>
          {t('form.domains')}
        </FormLabel>
        <FormHelperText sx={{ mx: 0, mb: 1 }}>{t('form.domainsHint')}</FormHelperText>
        <Stack spacing={1.5}>
          {rows.fields.map((row, index) => {
            const error = errors.domains?.[index]?.domain?.message;
            return (
              <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...register(`domains.${index}.domain`)}
                  label={t('form.domain.label', { number: index + 1 })}
                  size="small"
                  fullWidth
                  disabled={locked}
                  autoComplete="off"
                  placeholder="example.com"
                  slotProps={{ htmlInput: LTR }}
                  error={error !== undefined}
                  helperText={error}
                />
                {!locked && (
                  <Tooltip title={t('form.domain.remove', { number: index + 1 })}>
                    {/* A span, so the tooltip still works on the disabled button of the last row. */}
                    <span>
                      <IconButton
                        aria-label={t('form.domain.remove', { number: index + 1 })}
                        disabled={rows.fields.length <= 1}
                        onClick={() => rows.remove(index)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </Stack>
            );
          })}
        </Stack>
        {domainsError !== undefined && <FormHelperText>{domainsError}</FormHelperText>}
        {!locked && (
          <Box>
            <Button
              size="small"
              startIcon={<AddOutlined />}
              disabled={rows.fields.length >= DOMAINS_MAX}
              onClick={() => rows.append({ domain: '' })}
              sx={{ mt: 1 }}
            >
              {t('form.domain.add')}
            </Button>
          </Box>
        )}
      </FormControl>
      <SwitchField
        form={form}
        name="create_users"
        disabled={locked}
        label={t('form.createUsers')}
        hint={t('form.createUsersHint')}
      />
      <ReferenceSelectField
        control={control}
        name="batch_id"
        label={t('form.batch')}
        required={createUsers}
        disabled={locked || !createUsers || companyId === ''}
        options={batchOptions}
        helperText={
          createUsers && companyId !== '' && !batchesLoading && batches.length === 0 ? t('form.noBatches') : t('form.batchHint')
        }
      />
      <SwitchField
        form={form}
        name="assign_seat"
        disabled={locked || !createUsers}
        label={t('form.assignSeat')}
        hint={t('form.assignSeatHint')}
      />
      <SwitchField
        form={form}
        name="password_sign_in"
        disabled={locked}
        label={t('form.passwordSignIn')}
        hint={(on) => t(on ? 'form.passwordSignInOnHint' : 'form.passwordSignInOffHint')}
      />
    </Stack>
  );
}

interface SwitchFieldProps {
  form: UseFormReturn<SsoFormValues, unknown, SsoSubmit>;
  name: 'create_users' | 'assign_seat' | 'password_sign_in';
  disabled: boolean;
  label: string;
  /** Under the switch; a function of its state when that changes what it says. */
  hint: string | ((on: boolean) => string);
}

function SwitchField({ form, name, disabled, label, hint }: SwitchFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange, onBlur } }) => (
        <FormControl disabled={disabled}>
          <FormControlLabel
            control={<Switch checked={value} onBlur={onBlur} onChange={(_event, checked) => onChange(checked)} />}
            label={label}
            disabled={disabled}
          />
          <FormHelperText sx={{ mx: 0 }}>{typeof hint === 'string' ? hint : hint(value)}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
