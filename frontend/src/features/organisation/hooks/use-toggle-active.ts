// A list's Activate / Deactivate: the record is saved again with `active` flipped.
import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { useInvalidate } from '@/lib/use-invalidate';

interface Switchable {
  name: string;
  active: boolean;
}

export function useToggleActive<R extends Switchable>(
  update: (row: R, active: boolean) => Promise<unknown>,
  stale: (row: R) => readonly QueryKey[],
) {
  const { t } = useTranslation('organisation');
  const invalidate = useInvalidate();
  const notify = useNotify();
  const { problemMessage } = useProblemMessage();
  return useMutation({
    mutationFn: (row: R) => update(row, !row.active),
    onSuccess: (_saved, row) => {
      notify({ severity: 'success', message: t(row.active ? 'deactivated' : 'activated', { name: row.name }) });
      return invalidate(...stale(row));
    },
    onError: (error) => notify({ severity: 'error', message: problemMessage(error) }),
  });
}
