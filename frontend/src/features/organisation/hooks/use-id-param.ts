// Edit and details screens name their record in `?id=`, as the seed's links do.
import { useSearchParams } from 'react-router';

export function useIdParam(): string {
  const [search] = useSearchParams();
  return search.get('id') ?? '';
}
