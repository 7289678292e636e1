// Saving a form: on success the affected lists and records reload, a toast confirms and the
// screen returns where it leads; failures go to the form (see useServerErrors).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notifications';
import { useInvalidate } from '@/lib/use-invalidate';

interface SaveOptions<R> {
  /** API paths whose cached answers the save makes stale. */
  invalidates: string[];
  /** Where to go once saved. */
  next: (saved: R) => string;
  onError: (error: unknown) => void;
}

export function useSave<B, R>(save: (body: B) => Promise<R>, { invalidates, next, onError }: SaveOptions<R>) {
  const { t } = useTranslation('organisation');
  const invalidate = useInvalidate();
  const notify = useNotify();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await invalidate(...invalidates);
      notify({ severity: 'success', message: t('saved') });
      await navigate(next(saved));
    },
    onError,
  });
}
