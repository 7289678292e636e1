// The super admin sets up a company's SSO connection (the company chosen first, among those
// without one) or changes one. The server's field problems show on their fields (`domains.2`
// on the third row). A click beside it does not close it, and Cancel asks before dropping what
// was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SsoConnection } from '@/api/gen/playtrack.schemas';
import { FormDialog } from '@/components/form-dialog';
import { useNotify } from '@/components/notifications';
import { ReferenceSelectField } from '@/components/reference-select';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useServerErrors } from '@/lib/use-server-errors';
import { useSaveSsoConnection } from '../api/sso-connections';
import { SsoConnectionFields } from './sso-connection-fields';
import {
  onFormFields,
  SSO_FIELDS,
  ssoDefaults,
  type SsoFormValues,
  type SsoSubmit,
  useSsoConnectionSchema,
} from './sso-connection-schema';

interface SsoConnectionDialogProps {
  /** The connection changed; a new one is set up without. */
  connection?: SsoConnection;
  /** Company names by id. */
  companyNames: ReadonlyMap<string, string>;
  /** The companies a new connection may be for: those without one, in name order. */
  companies: readonly { id: string; name: string }[];
  onClose: () => void;
}

/** Mounted while open, so each opening starts from the connection's values. */
export function SsoConnectionDialog({ connection, companyNames, companies, onClose }: SsoConnectionDialogProps) {
  const { t } = useTranslation('ssoConnections');
  const notify = useNotify();
  const creating = connection === undefined;
  const form = useForm<SsoFormValues, unknown, SsoSubmit>({
    resolver: zodResolver(useSsoConnectionSchema(creating)),
    defaultValues: ssoDefaults(connection),
  });
  const { control, handleSubmit, setError } = form;
  const { failureMessage, onError, clear } = useServerErrors(setError, [...SSO_FIELDS, 'company_id']);
  const save = useSaveSsoConnection();
  const companyName = (id: string) => companyNames.get(id) ?? t('unknownCompany');

  const onSubmit = handleSubmit(({ companyId, data }) => {
    clear();
    save.mutate(
      { id: companyId, data },
      {
        onSuccess: () => {
          const name = companyName(companyId);
          notify({ severity: 'success', message: t(creating ? 'form.created' : 'form.saved', { name }) });
          onClose();
        },
        onError: (error) => onError(onFormFields(error)),
      },
    );
  });

  const companyField = creating ? (
    <>
      <ReferenceSelectField
        control={control}
        name="company_id"
        label={t('form.company')}
        required
        autoFocus
        options={companies}
        helperText={t('form.companyHint')}
        // The batches are the company's: one chosen for another company is none of these.
        onChange={() => form.setValue('batch_id', '')}
      />
      {companies.length === 0 && <Alert severity="info">{t('form.noCompanyLeft')}</Alert>}
    </>
  ) : undefined;

  return (
    <FormDialog
      title={connection ? t('form.editTitle', { name: companyName(connection.company_id) }) : t('form.addTitle')}
      submitLabel={t('form.save')}
      pending={save.isPending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <SsoConnectionFields form={form} creating={creating} locked={false} companyField={companyField} />
    </FormDialog>
  );
}
