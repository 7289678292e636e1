// Adding, removing and moving a batch's trainees: each says what it did and reloads what it
// changed (see memberKeys).
import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { useInvalidate } from '@/lib/use-invalidate';

export function useMemberChange<V>(
  change: (variables: V) => Promise<void>,
  success: (variables: V) => string,
  stale: (variables: V) => readonly QueryKey[],
) {
  const invalidate = useInvalidate();
  const notify = useNotify();
  const { problemMessage } = useProblemMessage();
  return useMutation({
    mutationFn: change,
    onSuccess: (_result, variables) => {
      notify({ severity: 'success', message: success(variables) });
      return invalidate(...stale(variables));
    },
    onError: (error) => notify({ severity: 'error', message: problemMessage(error) }),
  });
}
