// The toast itself, a chunk of its own: most page loads never show one, and /login's first
// scripts are the leaner without MUI's snackbar.
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_AUTO_HIDE_MS } from '@/lib/constants';
import type { Notification } from './notifications';

interface ToastProps {
  notification: Notification;
  open: boolean;
  onClose: () => void;
}

export function Toast({ notification, open, onClose }: ToastProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={open}
      autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      <Alert variant="filled" severity={notification.severity} onClose={onClose} closeText={t('close')} sx={{ width: '100%' }}>
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
