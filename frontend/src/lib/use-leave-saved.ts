// What a form does once saved: a toast says so, the stale answers reload, and the screen goes
// back up to its list.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notifications';

/** Answers `leave(message, stale)`; without `stale` every cached answer reloads. */
export function useLeaveSaved() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (message: string, stale?: QueryKey) => {
    notify({ severity: 'success', message });
    void queryClient.invalidateQueries(stale === undefined ? undefined : { queryKey: stale });
    void navigate('..', { relative: 'path' });
  };
}
