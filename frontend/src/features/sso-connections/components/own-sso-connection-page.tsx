// /companyadmin/ssoConnection: the company admin's own company's SSO connection, as a form.
// They tune the provider's side (issuer, client, secret, scopes, e-mail claim) and test it;
// what decides who gets in (domains, new trainees, seats, password sign-in) is shown as the
// super admin set it. Without a connection, it says only the super admin can set one up.
import { zodResolver } from '@hookform/resolvers/zod';
import NetworkCheckOutlined from '@mui/icons-material/NetworkCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SsoConnection } from '@/api/gen/playtrack.schemas';
import { useNotify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useProblemMessage } from '@/lib/problem-message';
import { useServerErrors } from '@/lib/use-server-errors';
import { useListSsoConnections, useSaveSsoConnection, useTestSsoConnection } from '../api/sso-connections';
import { SsoConnectionFields } from './sso-connection-fields';
import {
  onFormFields,
  SSO_FIELDS,
  ssoDefaults,
  type SsoFormValues,
  type SsoSubmit,
  useSsoConnectionSchema,
} from './sso-connection-schema';
import { TestResult } from './test-result';

export function OwnSsoConnectionPage() {
  const { t } = useTranslation('ssoConnections');
  const { problemMessage } = useProblemMessage();
  const list = useListSsoConnections();
  const connection = list.data?.[0];

  return (
    <Box component="section">
      <PageHeader title={t('title')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('own.intro')}
      </Typography>
      {list.isError && <Alert severity="error">{problemMessage(list.error)}</Alert>}
      {list.isPending && <TopProgressBar />}
      {list.data && !connection && <Alert severity="info">{t('own.none')}</Alert>}
      {connection && <OwnConnectionForm key={connection.company_id} connection={connection} />}
    </Box>
  );
}

function OwnConnectionForm({ connection }: { connection: SsoConnection }) {
  const { t } = useTranslation('ssoConnections');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const form = useForm<SsoFormValues, unknown, SsoSubmit>({
    resolver: zodResolver(useSsoConnectionSchema(false)),
    defaultValues: ssoDefaults(connection),
  });
  const { failureMessage, onError, clear } = useServerErrors(form.setError, SSO_FIELDS);
  const save = useSaveSsoConnection();
  const test = useTestSsoConnection();

  const onSubmit = form.handleSubmit(({ data }) => {
    clear();
    test.reset();
    save.mutate(
      { id: connection.company_id, data },
      {
        onSuccess: (saved) => {
          notify({ severity: 'success', message: t('own.saved') });
          form.reset(ssoDefaults(saved));
        },
        onError: (error) => onError(onFormFields(error)),
      },
    );
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <SsoConnectionFields form={form} creating={false} locked />
          {failureMessage !== undefined && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureMessage}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {t('actions.test')}
          </Typography>
          <Typography color="text.secondary">{t('own.testHint')}</Typography>
          <Box>
            <Button
              variant="outlined"
              startIcon={<NetworkCheckOutlined />}
              loading={test.isPending}
              onClick={() => test.mutate({ id: connection.company_id })}
            >
              {t('actions.test')}
            </Button>
          </Box>
          {test.data && <TestResult result={test.data} />}
          {test.isError && <Alert severity="error">{problemMessage(test.error)}</Alert>}
        </Stack>
      </Paper>
    </Stack>
  );
}
