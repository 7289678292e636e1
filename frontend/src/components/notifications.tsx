// Toasts: short messages that outlive the page that raised them ("Session Expired" shown on
// /login after a sign-out elsewhere). One at a time; a new one replaces the current one. The
// toast's code (toast.tsx) loads with the first one.
import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

export interface Notification {
  message: string;
  severity: AlertColor;
}

const Toast = lazy(async () => ({ default: (await import('./toast')).Toast }));

type Notify = (notification: Notification) => void;

const NotifyContext = createContext<Notify | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Notification & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((notification) => {
    setCurrent((previous) => ({ ...notification, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);

  return (
    <NotifyContext value={notify}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <Toast key={current.id} notification={current} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs a <NotificationsProvider> above it');
  return notify;
}
