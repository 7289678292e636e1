// What an edit or details screen shows of the record it waits for.
import { ApiError } from '@/lib/api-client';

/** `gone`: there is no such record (no valid id, or the server answers 404), so the screen sends
 * the reader back to its list; `failed`: another failure, said on the screen; `loading`; `ready`. */
export type RecordState = 'gone' | 'failed' | 'loading' | 'ready';

export function recordState(query: { data: unknown; error: unknown; isError: boolean }, idMissing = false): RecordState {
  if (idMissing) return 'gone';
  if (query.isError) return query.error instanceof ApiError && query.error.status === 404 ? 'gone' : 'failed';
  return query.data === undefined ? 'loading' : 'ready';
}
