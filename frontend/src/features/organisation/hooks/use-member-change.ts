// Adding, removing and moving a batch's trainees: each says what it did and reloads the members
// (and the batch lists, whose counts and other batches may change).
import { useMutation } from '@tanstack/react-query';
import { useNotify } from '@/components/notifications';
import { useProblemMessage } from '@/lib/problem-message';
import { useInvalidate } from '@/lib/use-invalidate';

export function useMemberChange<V>(change: (variables: V) => Promise<void>, success: (variables: V) => string) {
  const invalidate = useInvalidate();
  const notify = useNotify();
  const { problemMessage } = useProblemMessage();
  return useMutation({
    mutationFn: change,
    onSuccess: (_result, variables) => {
      notify({ severity: 'success', message: success(variables) });
      return invalidate('/api/v1/batches', '/api/v1/users');
    },
    onError: (error) => notify({ severity: 'error', message: problemMessage(error) }),
  });
}
