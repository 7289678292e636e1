// An edit or details screen waits for its record; a failure (not found, outside the caller's
// scope) is said in the reader's language instead of an empty form.
import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useProblemMessage } from '@/lib/problem-message';

interface LoadingRecordProps<R> {
  query: Pick<UseQueryResult<R>, 'data' | 'error' | 'isError'>;
  children: (record: R) => ReactNode;
}

export function LoadingRecord<R>({ query, children }: LoadingRecordProps<R>) {
  const { problemMessage } = useProblemMessage();
  if (query.isError) return <Alert severity="error">{problemMessage(query.error)}</Alert>;
  if (query.data === undefined) return <TopProgressBar />;
  return children(query.data);
}
