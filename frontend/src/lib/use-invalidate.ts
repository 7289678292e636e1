// The one way a change marks cached answers stale: by the API paths it touched, each standing
// for every answer under it (its lists and its records; the generated query keys start with it).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Everything a seat changing hands changes: the seats, the counts, and the people's states. */
export const SEAT_ANSWERS = ['/api/v1/seats', '/api/v1/licence-summary', '/api/v1/licence-allocations', '/api/v1/users'];

export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    (...paths: string[]) =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => paths.some((path) => String(queryKey[0]).startsWith(path)),
      }),
    [queryClient],
  );
}
