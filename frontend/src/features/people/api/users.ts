// The users calls this feature makes, from the generated client: its screens
// reach the server only through this folder. Each change marks stale what it changes.
import type { QueryKey } from '@tanstack/react-query';
import { getGetDashboardQueryKey } from '@/api/gen/account/account';
import { getListBatchesQueryKey, getListBatchMembersQueryKey } from '@/api/gen/batches/batches';
import type { ImportInput, NewUserInput } from '@/api/gen/playtrack.schemas';
import {
  getGetUserQueryKey,
  getListUsersQueryKey,
  useCreateUser as useCreateUserCall,
  useDisableUser as useDisableUserCall,
  useEnableUser as useEnableUserCall,
  useImportUsers as useImportUsersCall,
  useUpdateUser as useUpdateUserCall,
} from '@/api/gen/users/users';
import { SEAT_KEYS, useInvalidateOnSuccess } from '@/lib/use-invalidate';

export { useGetUser, useListUsers } from '@/api/gen/users/users';

/** New trainees take seats, join batches and count on the dashboard. */
function joined(batchIds: readonly (string | null | undefined)[]): QueryKey[] {
  const batches = batchIds.filter((id): id is string => Boolean(id));
  return [...SEAT_KEYS, ...batches.map((id) => getListBatchMembersQueryKey(id)), getGetDashboardQueryKey()];
}

export function useCreateUser() {
  return useCreateUserCall(useInvalidateOnSuccess((_user, { data }: { data: NewUserInput }) => joined([data.batch_id])));
}

export function useUpdateUser() {
  return useUpdateUserCall(
    useInvalidateOnSuccess((_user, { id }: { id: string }) => [getListUsersQueryKey(), getGetUserQueryKey(id)]),
  );
}

/** Disabling a trainee gives their unused seat back; enabling lets them sign in again. */
function statusChanged(_answer: unknown, { id }: { id: string }): QueryKey[] {
  return [...SEAT_KEYS, getGetUserQueryKey(id), getGetDashboardQueryKey()];
}

export function useDisableUser() {
  return useDisableUserCall(useInvalidateOnSuccess(statusChanged));
}

export function useEnableUser() {
  return useEnableUserCall(useInvalidateOnSuccess(statusChanged));
}

/** An import's rows name their batches, which are among `batchIds` (the ones the screen offers)
 * or new ones, in the batch lists. */
export function useImportUsers(batchIds: readonly string[]) {
  return useImportUsersCall(
    useInvalidateOnSuccess((_imported, { data }: { data: ImportInput }) => [
      ...joined([data.batch_id, ...batchIds]),
      getListBatchesQueryKey(),
    ]),
  );
}
