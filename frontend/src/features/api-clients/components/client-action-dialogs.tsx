// Asks before rotating a client's secret (the new one is then shown once, see SecretDialog) or
// revoking the client for good; the action's failure shows in the dialog, which stays open.
import { useTranslation } from 'react-i18next';
import { type IssuedSecret, useRevokeApiClient, useRotateApiClient } from '../api/api-clients';
import type { ApiClient } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';

type Client = Pick<ApiClient, 'id' | 'name'>;

interface RotateDialogProps {
  /** The client whose secret to rotate; the dialog is closed without one. */
  client: Client | null;
  onRotated: (issued: IssuedSecret) => void;
  onClose: () => void;
}

export function RotateClientDialog({ client, onRotated, onClose }: RotateDialogProps) {
  const { t } = useTranslation('apiClients');
  const { problemMessage } = useProblemMessage();
  const rotate = useRotateApiClient(onRotated);

  const close = () => {
    rotate.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={client !== null}
      title={t('rotate.title', { name: client?.name })}
      body={t('rotate.body')}
      confirmLabel={t('rotate.confirm')}
      pending={rotate.isPending}
      error={rotate.isError ? problemMessage(rotate.error) : undefined}
      onConfirm={() => {
        if (client) rotate.mutate(client.id, { onSuccess: close });
      }}
      onClose={close}
    />
  );
}

interface RevokeDialogProps {
  /** The client to revoke; the dialog is closed without one. */
  client: Client | null;
  onClose: () => void;
}

export function RevokeClientDialog({ client, onClose }: RevokeDialogProps) {
  const { t } = useTranslation('apiClients');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const revoke = useRevokeApiClient();

  const close = () => {
    revoke.reset();
    onClose();
  };

  const confirm = () => {
    if (!client) return;
    revoke.mutate(
      { id: client.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('revoke.done', { name: client.name }) });
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={client !== null}
      title={t('revoke.title', { name: client?.name })}
      body={t('revoke.body')}
      confirmLabel={t('revoke.confirm')}
      pending={revoke.isPending}
      error={revoke.isError ? problemMessage(revoke.error) : undefined}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
