// The one way a change marks cached answers stale: by the generated query keys of what it
// changed. TanStack Query matches a key as a prefix, so a list's key without parameters stands
// for every page and filter of that list, a record's key for that record.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetLicenceSummaryQueryKey,
  getListLicenceAllocationsQueryKey,
  getListSeatsQueryKey,
} from '@/api/gen/licences/licences';
import { getListUsersQueryKey } from '@/api/gen/users/users';

/** What a seat changing hands makes stale: the seats, the counts (summary and allocations) and
 * the people lists. Licences assign and revoke seats, and people take one when added as
 * trainees and give it back when disabled: both features reach the list here. */
export const SEAT_KEYS: readonly QueryKey[] = [
  getListSeatsQueryKey(),
  getGetLicenceSummaryQueryKey(),
  getListLicenceAllocationsQueryKey(),
  getListUsersQueryKey(),
];

export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    async (...keys: readonly QueryKey[]) => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}

/** The options of a generated mutation hook that make `stale(answer, variables)` stale once it
 * succeeds. The screen's own `onSuccess` (a toast, closing a dialog) does not wait for the reload. */
export function useInvalidateOnSuccess<TData, TVariables>(stale: (data: TData, variables: TVariables) => readonly QueryKey[]) {
  const invalidate = useInvalidate();
  return {
    mutation: {
      onSuccess: (data: TData, variables: TVariables) => {
        void invalidate(...stale(data, variables));
      },
    },
  };
}
