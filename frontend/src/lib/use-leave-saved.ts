// What a form does once saved: a toast says so, the stale answers reload, and the screen goes
// back up to its list.
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notifications';
import { useInvalidate } from './use-invalidate';

/** Answers `leave(message, ...stale)`: `stale` are the API paths the save changed. */
export function useLeaveSaved() {
  const navigate = useNavigate();
  const notify = useNotify();
  const invalidate = useInvalidate();
  return (message: string, ...stale: string[]) => {
    notify({ severity: 'success', message });
    void invalidate(...stale);
    void navigate('..', { relative: 'path' });
  };
}
