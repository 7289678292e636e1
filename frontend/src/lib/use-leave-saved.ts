// What a form does once saved: a toast says so and the screen goes back up to its list (the
// save itself marked its answers stale, see useInvalidate).
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notifications';

export function useLeaveSaved() {
  const navigate = useNavigate();
  const notify = useNotify();
  return (message: string) => {
    notify({ severity: 'success', message });
    void navigate('..', { relative: 'path' });
  };
}
