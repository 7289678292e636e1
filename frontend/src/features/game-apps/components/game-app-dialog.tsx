// Adds a game app or edits one: its name, the redirect URIs trainees come back to the game by
// (rows added and removed), the scopes it may ask for, the API client its attempts are
// recorded under, and whether it signs trainees in. The server's field problems show on their
// fields (`redirect_uris.2` on the third row). A click beside it does not close it, and Cancel
// asks before dropping what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GameApp, GameAppInput } from '@/api/gen/playtrack.schemas';
import { FormDialog } from '@/components/form-dialog';
import { useNotify } from '@/components/notifications';
import { ReferenceSelectField } from '@/components/reference-select';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useServerErrors } from '@/lib/use-server-errors';
import { useCreateGameApp, useGameClients, useUpdateGameApp } from '../api/game-apps';
import { ClientId } from './client-id';
import {
  GAME_APP_FIELDS,
  gameAppDefaults,
  type GameAppFormValues,
  NAME_MAX,
  onFormFields,
  REDIRECT_URIS_MAX,
  SCOPES,
  useGameAppSchema,
} from './game-app-schema';

interface GameAppDialogProps {
  /** The app edited; a new one is added without. */
  app?: GameApp;
  /** Opened from the row's Disable or Enable: the switch starts the other way round. */
  toggle?: boolean;
  onClose: () => void;
}

/** Mounted while open, so each opening starts from the app's values. */
export function GameAppDialog({ app, toggle = false, onClose }: GameAppDialogProps) {
  const { t } = useTranslation('gameApps');
  const notify = useNotify();
  const defaults = gameAppDefaults(app);
  const form = useForm<GameAppFormValues, unknown, GameAppInput>({
    resolver: zodResolver(useGameAppSchema()),
    defaultValues: toggle ? { ...defaults, enabled: !defaults.enabled } : defaults,
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'redirect_uris' });
  const { clients, selectable, loading } = useGameClients();
  const { failureMessage, onError, clear } = useServerErrors(setError, GAME_APP_FIELDS);
  const create = useCreateGameApp();
  const update = useUpdateGameApp();
  const pending = create.isPending || update.isPending;

  // The client the app reports as stays a choice while it is no longer one (revoked): the
  // server then says so on the field.
  const current = app?.api_client_id;
  const options = selectable.map(({ id, name }) => ({ id, name }));
  if (current && !options.some(({ id }) => id === current)) {
    const client = clients.find(({ id }) => id === current);
    const name = client ? t('revokedApiClient', { name: client.name }) : loading ? '…' : t('unknownApiClient');
    options.push({ id: current, name });
  }

  const onSubmit = handleSubmit((data) => {
    clear();
    const failed = (error: unknown) => onError(onFormFields(error));
    const done = (message: string) => {
      notify({ severity: 'success', message });
      onClose();
    };
    if (app) {
      update.mutate({ id: app.id, data }, { onSuccess: () => done(t('form.saved', { name: data.name })), onError: failed });
    } else {
      create.mutate({ data }, { onSuccess: () => done(t('form.created', { name: data.name })), onError: failed });
    }
  });

  const listError = errors.redirect_uris?.root?.message ?? errors.redirect_uris?.message;

  return (
    <FormDialog
      title={app ? t('form.editTitle', { name: app.name }) : t('form.addTitle')}
      submitLabel={t('form.save')}
      pending={pending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      {toggle && <Alert severity="info">{t('form.chooseClientFirst')}</Alert>}
      {app && (
        <FormControl>
          <FormLabel component="span">{t('form.clientId')}</FormLabel>
          <ClientId name={app.name} clientId={app.client_id} />
          <FormHelperText sx={{ mx: 0 }}>{t('form.clientIdHint')}</FormHelperText>
        </FormControl>
      )}
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
      <FormControl component="fieldset" error={listError !== undefined}>
        <FormLabel component="legend" required>
          {t('form.redirectUris')}
        </FormLabel>
        <FormHelperText sx={{ mx: 0, mb: 1 }}>{t('form.redirectUrisHint')}</FormHelperText>
        <Stack spacing={1.5}>
          {rows.fields.map((row, index) => {
            const error = errors.redirect_uris?.[index]?.uri?.message;
            return (
              <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...register(`redirect_uris.${index}.uri`)}
                  label={t('form.redirectUri', { number: index + 1 })}
                  size="small"
                  fullWidth
                  autoComplete="off"
                  placeholder="com.example.game:/callback"
                  // An address reads left to right in every language.
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, inputMode: 'url' } }}
                  error={error !== undefined}
                  helperText={error}
                />
                <Tooltip title={t('form.removeUri', { number: index + 1 })}>
                  {/* A span, so the tooltip still works on the disabled button of the last row. */}
                  <span>
                    <IconButton
                      aria-label={t('form.removeUri', { number: index + 1 })}
                      disabled={rows.fields.length <= 1}
                      onClick={() => rows.remove(index)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
        </Stack>
        {listError !== undefined && <FormHelperText>{listError}</FormHelperText>}
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            disabled={rows.fields.length >= REDIRECT_URIS_MAX}
            onClick={() => rows.append({ uri: '' })}
            sx={{ mt: 1 }}
          >
            {t('form.addUri')}
          </Button>
        </Box>
      </FormControl>
      <Controller
        control={control}
        name="scopes"
        render={({ field: { value, onChange, onBlur }, fieldState: { error } }) => (
          <FormControl component="fieldset" error={error !== undefined}>
            <FormLabel component="legend" required>
              {t('form.scopes')}
            </FormLabel>
            <FormGroup>
              {SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={value.includes(scope)}
                      onBlur={onBlur}
                      onChange={(_event, checked) =>
                        onChange(SCOPES.filter((other) => (other === scope ? checked : value.includes(other))))
                      }
                    />
                  }
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {t(`scope.${scope}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`scopeHint.${scope}`)}
                      </Typography>
                    </>
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiCheckbox-root': { pt: 0.5 } }}
                />
              ))}
            </FormGroup>
            <FormHelperText sx={{ mx: 0 }}>{error?.message ?? t('form.scopesHint')}</FormHelperText>
          </FormControl>
        )}
      />
      <ReferenceSelectField
        control={control}
        name="api_client_id"
        label={t('form.reportsAs')}
        required
        options={options}
        helperText={t('form.reportsAsHint')}
      />
      {!loading && options.length === 0 && <Alert severity="warning">{t('form.noGameClients')}</Alert>}
      <Controller
        control={control}
        name="enabled"
        render={({ field: { value, onChange, onBlur } }) => (
          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={value}
                  onBlur={onBlur}
                  onChange={(_event, checked) => onChange(checked)}
                />
              }
              label={t('form.enabled')}
            />
            <FormHelperText sx={{ mx: 0 }}>{t(value ? 'form.enabledHint' : 'form.disabledHint')}</FormHelperText>
          </FormControl>
        )}
      />
    </FormDialog>
  );
}
