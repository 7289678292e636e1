// The app's TanStack Query client: client errors (4xx) are answers, not glitches, so only
// server and network failures are retried.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** Answers already read, each with the query key its hook reads it under. */
export type KnownAnswers = readonly (readonly [QueryKey, unknown])[];

/** The client, holding the answers already read. */
export function createQueryClient(known: KnownAnswers = []): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
  for (const [key, data] of known) client.setQueryData(key, data);
  return client;
}
