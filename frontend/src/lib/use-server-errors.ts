// What a failed save shows: field problems on their fields, anything else as one message above
// the buttons (kept as the error, so it re-translates when the language changes).
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from './form-errors';
import { useProblemMessage } from './problem-message';

export function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const { problemMessage, fieldMessage } = useProblemMessage();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  return {
    failureMessage: failure === null ? undefined : problemMessage(failure.error),
    onError: (error: unknown) => {
      setFailure(applyFieldErrors(error, setError, fields, fieldMessage) ? null : { error });
    },
    clear: () => setFailure(null),
  };
}
