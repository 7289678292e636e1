// Saving a form: on success the affected lists and records reload, a toast confirms and the
// screen returns where it leads; failures go to the form (see useServerErrors).
import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/notifications';
import { useInvalidate } from '@/lib/use-invalidate';

interface SaveOptions<R> {
  /** The query keys of what the save changed. */
  invalidates: (saved: R) => readonly QueryKey[];
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
      await invalidate(...invalidates(saved));
      notify({ severity: 'success', message: t('saved') });
      await navigate(next(saved));
    },
    onError,
  });
}
