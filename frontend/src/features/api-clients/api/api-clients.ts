// The API clients calls this feature makes, from the generated client: its screens reach the
// server only through this folder. Each change marks the list stale.
//
// A secret is in the answer of a creation or a rotation and never again, so it must not outlive
// the dialog that shows it: these mutations hand it to the screen (`reveal`) and keep only the
// client in their own state, which TanStack Query's mutation cache holds on to after the call.
import { useMutation } from '@tanstack/react-query';
import {
  createApiClient,
  getListApiClientsQueryKey,
  rotateApiClient,
  useRevokeApiClient as useRevokeApiClientCall,
} from '@/api/gen/api-clients/api-clients';
import type { ApiClient, ApiClientInput, ApiClientSecret } from '@/api/gen/playtrack.schemas';
import { useInvalidate, useInvalidateOnSuccess } from '@/lib/use-invalidate';

export { useListApiClients } from '@/api/gen/api-clients/api-clients';

/** A client with the secret just issued for it: for the screen's state only. */
export type IssuedSecret = ApiClientSecret;

/** What a creation or rotation leaves in the query client: the client, without its secret. */
function useIssue<V>(call: (variables: V) => Promise<ApiClientSecret>, reveal: (issued: IssuedSecret) => void) {
  const invalidate = useInvalidate();
  return useMutation<ApiClient, unknown, V>({
    mutationFn: async (variables) => {
      const issued = await call(variables);
      reveal(issued);
      return issued.client;
    },
    onSuccess: () => invalidate(getListApiClientsQueryKey()),
    // Nothing secret is in it, but nobody reads it after the dialog either.
    gcTime: 0,
  });
}

/** Creates a client; its first secret goes to `reveal`. */
export function useCreateApiClient(reveal: (issued: IssuedSecret) => void) {
  return useIssue((input: ApiClientInput) => createApiClient(input), reveal);
}

/** Gives client `id` a new secret, which goes to `reveal`; the old one stops working. */
export function useRotateApiClient(reveal: (issued: IssuedSecret) => void) {
  return useIssue((id: string) => rotateApiClient(id), reveal);
}

export function useRevokeApiClient() {
  return useRevokeApiClientCall(useInvalidateOnSuccess(() => [getListApiClientsQueryKey()]));
}
