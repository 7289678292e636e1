// After a change, every cached answer under an API path (its lists and its records) is stale.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

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
