// Shows a client's secret the one time there is: after its creation or rotation. It says so,
// offers to copy it, and closes only through its button (not by a stray click beside it or
// Escape), since whoever closes it cannot see the secret again.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedSecret } from '../api/api-clients';
import { CopyField } from '@/components/copy-field';

interface SecretDialogProps {
  issued: IssuedSecret;
  /** A rotation's new secret rather than a new client's first one. */
  rotated: boolean;
  onClose: () => void;
}

/** Mounted while open: the secret lives in the screen's state only as long as this dialog. */
export function SecretDialog({ issued, rotated, onClose }: SecretDialogProps) {
  const { t } = useTranslation('apiClients');
  const titleId = useId();
  const name = issued.client.name;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      // No onClose: only the button closes it, see above.
    >
      <DialogTitle id={titleId}>{t(rotated ? 'secret.rotatedTitle' : 'secret.createdTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secret.warning')}</Alert>
          <CopyField
            label={t('secret.label')}
            value={issued.secret}
            copyLabel={t('secret.copy')}
            copiedMessage={t('secret.copied')}
            failedMessage={t('secret.copyFailed')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('secret.usage')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
