// The SSO connection calls this feature makes, from the generated client: its screens reach
// the server only through this folder. Saving or removing a connection marks the list and that
// company's connection stale; a test changes nothing.
import {
  getGetSsoConnectionQueryKey,
  getListSsoConnectionsQueryKey,
  useDeleteSsoConnection as useDeleteSsoConnectionCall,
  useSaveSsoConnection as useSaveSsoConnectionCall,
} from '@/api/gen/sso/sso';
import { useInvalidateOnSuccess } from '@/lib/use-invalidate';

/** The super admin's: every company's connection; a company admin's: their company's, if any. */
export { useListSsoConnections } from '@/api/gen/sso/sso';

/** Runs discovery against the saved connection's provider: what it publishes, or why not. */
export { useTestSsoConnection } from '@/api/gen/sso/sso';

const changed = (_data: unknown, { id }: { id: string }) => [getListSsoConnectionsQueryKey(), getGetSsoConnectionQueryKey(id)];

/** Sets up a company's connection (`id` is the company's) or changes it. */
export function useSaveSsoConnection() {
  return useSaveSsoConnectionCall(useInvalidateOnSuccess(changed));
}

/** Removes a company's connection: its people sign in with passwords again. */
export function useDeleteSsoConnection() {
  return useDeleteSsoConnectionCall(useInvalidateOnSuccess(changed));
}
