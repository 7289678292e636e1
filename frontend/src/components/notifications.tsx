// Toasts: short messages that outlive the page that raised them ("Session Expired" shown on
// /login after a sign-out elsewhere). One at a time; a new one replaces the current one.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_AUTO_HIDE_MS } from '@/lib/constants';

export interface Notification {
  message: string;
  severity: AlertColor;
}

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(Notification & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((notification) => {
    setCurrent((previous) => ({ ...notification, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);

  return (
    <NotifyContext value={notify}>
      {children}
      <Snackbar
        key={current?.id}
        open={open && current !== null}
        autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
      >
        <Alert
          variant="filled"
          severity={current?.severity ?? 'info'}
          onClose={() => setOpen(false)}
          closeText={t('close')}
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs a <NotificationsProvider> above it');
  return notify;
}
