// The sign-up link calls of a batch's screen, from the generated client: its screens reach the
// server only through this folder. Making or revoking a link marks the batch's links stale.
//
// A link carries its key, which is in the creation's answer and never again, so it must not
// outlive the dialog that shows it: the creation hands it to the screen (`reveal`) and keeps
// only the key's record in its own state, which TanStack Query's mutation cache holds on to.
import { useMutation } from '@tanstack/react-query';
import {
  createEnrolmentKey,
  getListEnrolmentKeysQueryKey,
  useRevokeEnrolmentKey as useRevokeEnrolmentKeyCall,
} from '@/api/gen/batches/batches';
import type { EnrolmentKey, EnrolmentKeyInput } from '@/api/gen/playtrack.schemas';
import { useInvalidate, useInvalidateOnSuccess } from '@/lib/use-invalidate';

/** A batch's links, newest first. */
export { useListEnrolmentKeys } from '@/api/gen/batches/batches';

/** Makes a sign-up link for batch `batchId`; the link goes to `reveal`. */
export function useCreateEnrolmentKey(batchId: string, reveal: (link: string) => void) {
  const invalidate = useInvalidate();
  return useMutation<EnrolmentKey, unknown, EnrolmentKeyInput>({
    mutationFn: async (input) => {
      const { key, link } = await createEnrolmentKey(batchId, input);
      reveal(link);
      return key;
    },
    onSuccess: () => invalidate(getListEnrolmentKeysQueryKey(batchId)),
    gcTime: 0,
  });
}

/** Stops a link from admitting anyone more; who joined through it stays. */
export function useRevokeEnrolmentKey() {
  return useRevokeEnrolmentKeyCall(
    useInvalidateOnSuccess((key: EnrolmentKey) => [getListEnrolmentKeysQueryKey(key.batch_id)]),
  );
}
