// Saving a form through a plain call (the generated mutation hooks carry their own
// invalidation, see useInvalidateOnSuccess): once saved, what it changed reloads, then the form
// leaves as useLeaveSaved says; failures go to `onError` (see useServerErrors).
import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useInvalidate } from './use-invalidate';
import { useLeaveSaved } from './use-leave-saved';

export interface SaveOptions<R> {
  /** The query keys of what the save changed. */
  invalidates: (saved: R) => readonly QueryKey[];
  /** The toast once saved. */
  message: string;
}

export function useSave<B, R>(
  save: (body: B) => Promise<R>,
  { invalidates, message, onError }: SaveOptions<R> & { onError: (error: unknown) => void },
) {
  const invalidate = useInvalidate();
  const leave = useLeaveSaved();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await invalidate(...invalidates(saved));
      leave(message);
    },
    onError,
  });
}
