// The sign-up links of a batch on its edit screen: people who open one join the batch
// themselves. The admin makes a link (shown once, see EnrolmentKeyDialog) and revokes one,
// after asking; the list never shows a link again.
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListEnrolmentKeys, useRevokeEnrolmentKey } from '../api/enrolment-keys';
import type { Batch, EnrolmentKey } from '@/api/gen/playtrack.schemas';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { EnrolmentKeyDialog } from './enrolment-key-dialog';
import { EnrolmentKeysTable } from './enrolment-keys-table';

export function EnrolmentKeys({ batch }: { batch: Batch }) {
  const { t } = useTranslation('organisation');
  const { problemMessage } = useProblemMessage();
  const notify = useNotify();
  const keys = useListEnrolmentKeys(batch.id);
  const revoke = useRevokeEnrolmentKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<EnrolmentKey | null>(null);

  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { id: revoking.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('enrolmentKeys.revoked') });
          closeRevoke();
        },
      },
    );
  };

  return (
    <Stack component="section" spacing={2} sx={{ maxWidth: 960, mx: 'auto', mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="h5">
          {t('enrolmentKeys.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
          {t('enrolmentKeys.add')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('enrolmentKeys.intro')}</Typography>
      {keys.isError && <Alert severity="error">{problemMessage(keys.error)}</Alert>}
      {keys.data && <EnrolmentKeysTable keys={keys.data} now={keys.dataUpdatedAt} onRevoke={setRevoking} />}
      {creating && <EnrolmentKeyDialog batch={batch} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('enrolmentKeys.revokeTitle')}
        body={t('enrolmentKeys.revokeBody', { batch: batch.name })}
        confirmLabel={t('enrolmentKeys.revoke')}
        pending={revoke.isPending}
        error={revoke.isError ? problemMessage(revoke.error) : undefined}
        onConfirm={confirmRevoke}
        onClose={closeRevoke}
      />
    </Stack>
  );
}
