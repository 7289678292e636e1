// Edit and details screens name their record in `?id=`, as the seed's links do.
import { useSearchParams } from 'react-router';
import { recordIdOf } from '@/lib/record-id';

/** The record the URL names, or null when it names none. */
export function useIdParam(): string | null {
  const [search] = useSearchParams();
  return recordIdOf(search);
}
