// Shows a client's secret the one time there is: after its creation or rotation. It says so,
// offers to copy it, and closes only through its button (not by a stray click beside it or
// Escape), since whoever closes it cannot see the secret again.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedSecret } from '../api/api-clients';

interface SecretDialogProps {
  issued: IssuedSecret;
  /** A rotation's new secret rather than a new client's first one. */
  rotated: boolean;
  onClose: () => void;
}

type Copy = 'idle' | 'copied' | 'failed';

/** Mounted while open: the secret lives in the screen's state only as long as this dialog. */
export function SecretDialog({ issued, rotated, onClose }: SecretDialogProps) {
  const { t } = useTranslation('apiClients');
  const titleId = useId();
  const [copy, setCopy] = useState<Copy>('idle');
  const name = issued.client.name;

  const copySecret = () => {
    // Outside a secure context the browser has no clipboard API: that failure is said too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(issued.secret))
      .then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

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
          <TextField
            label={t('secret.label')}
            value={issued.secret}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: {
                readOnly: true,
                // The secret reads left to right in every language, in a font that tells 0 from O.
                dir: 'ltr',
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('secret.copy')}>
                      <IconButton aria-label={t('secret.copy')} onClick={copySecret} edge="end">
                        <ContentCopyOutlined />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          {copy === 'copied' && (
            <Alert severity="success" role="status">
              {t('secret.copied')}
            </Alert>
          )}
          {copy === 'failed' && <Alert severity="error">{t('secret.copyFailed')}</Alert>}
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
