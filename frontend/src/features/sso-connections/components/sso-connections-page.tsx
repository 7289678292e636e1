// /main/ssoConnections: the companies whose people sign in through their own identity provider
// (OpenID Connect). The super admin sets a company's connection up (choosing the company),
// changes it, tests it (discovery against the provider) and removes it, after asking: its
// people then sign in with passwords again.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoConnection } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useProblemMessage } from '@/lib/problem-message';
import { useCompanies } from '@/lib/use-reference-data';
import { useDeleteSsoConnection, useListSsoConnections, useTestSsoConnection } from '../api/sso-connections';
import { SsoConnectionDialog } from './sso-connection-dialog';
import { SsoConnectionsTable } from './sso-connections-table';
import { TestConnectionDialog } from './test-connection-dialog';

/** The form open over the list, if any: a new connection without one. */
interface Editing {
  connection?: SsoConnection;
}

export function SsoConnectionsPage() {
  const { t } = useTranslation('ssoConnections');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const list = useListSsoConnections();
  const { companies, names } = useCompanies();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [testing, setTesting] = useState<SsoConnection | null>(null);
  const [deleting, setDeleting] = useState<SsoConnection | null>(null);
  const test = useTestSsoConnection();
  const remove = useDeleteSsoConnection();

  const connected = new Set((list.data ?? []).map(({ company_id }) => company_id));
  const unconnected = companies.filter(({ id }) => !connected.has(id)).map(({ id, name }) => ({ id, name }));
  const nameOf = (connection: SsoConnection | null) =>
    connection ? (names.get(connection.company_id) ?? t('unknownCompany')) : undefined;

  const startTest = (connection: SsoConnection) => {
    test.reset();
    setTesting(connection);
    test.mutate({ id: connection.company_id });
  };

  const closeTest = () => {
    setTesting(null);
    test.reset();
  };

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const name = nameOf(deleting);
    remove.mutate(
      { id: deleting.company_id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('delete.done', { name }) });
          closeDelete();
        },
      },
    );
  };

  return (
    <Box component="section">
      <PageHeader title={t('title')}>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      {list.isError && <Alert severity="error">{problemMessage(list.error)}</Alert>}
      {list.isPending && <TopProgressBar />}
      {list.data && (
        <SsoConnectionsTable
          connections={list.data}
          companyNames={names}
          onEdit={(connection) => setEditing({ connection })}
          onTest={startTest}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <SsoConnectionDialog
          connection={editing.connection}
          companyNames={names}
          companies={unconnected}
          onClose={() => setEditing(null)}
        />
      )}
      <TestConnectionDialog
        companyName={nameOf(testing)}
        issuer={testing?.issuer}
        pending={test.isPending}
        result={test.data}
        error={test.error}
        onClose={closeTest}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { name: nameOf(deleting) })}
        body={t('delete.body')}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={remove.isError ? problemMessage(remove.error) : undefined}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </Box>
  );
}
