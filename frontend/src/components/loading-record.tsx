// An edit or details screen waits for its record. A record that is not there (no valid `?id=`,
// or the server answers 404) sends the reader back to the screen's list with a message; another
// failure (outside the caller's scope …) is said in the reader's language instead of an empty form.
import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useNotify } from '@/components/notifications';
import { TopProgressBar } from '@/components/top-progress-bar';
import { useProblemMessage } from '@/lib/problem-message';
import { recordState } from '@/lib/record-state';

interface LoadingRecordProps<R> {
  query: Pick<UseQueryResult<R>, 'data' | 'error' | 'isError'>;
  /** The list a missing record sends the reader back to (`..` is the path above the screen's);
   * without it, the failure is said here. */
  listPath?: string;
  /** The URL names no record (its `?id=` is missing or not an id): the query never runs. */
  idMissing?: boolean;
  children: (record: R) => ReactNode;
}

/** Back to the list, saying the record is not there (a toast, as it outlives this screen). */
export function BackToList({ to }: { to: string }) {
  const { t } = useTranslation('common');
  const notify = useNotify();
  useEffect(() => {
    notify({ severity: 'warning', message: t('recordNotFound') });
  }, [notify, t]);
  return <Navigate to={to} relative="path" replace />;
}

export function LoadingRecord<R>({ query, listPath, idMissing = false, children }: LoadingRecordProps<R>) {
  const { problemMessage } = useProblemMessage();
  const state = recordState(query, idMissing);
  if (state === 'gone' && listPath !== undefined) return <BackToList to={listPath} />;
  if (state === 'gone' || state === 'failed') return <Alert severity="error">{problemMessage(query.error)}</Alert>;
  if (query.data === undefined) return <TopProgressBar />;
  return children(query.data);
}
