// Countries and industries have no GET-by-id endpoint: an edit screen finds its record by
// paging through the list (a few hundred entries at most); no such id is NOT_FOUND, like a GET.
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

const PAGE_SIZE = 200;

interface Page<R> {
  items: R[];
  total: number;
}

export function useReferenceRecord<R extends { id: string }>(
  /** The list's key: the record's starts with it, so what makes the list stale makes it stale. */
  listKey: QueryKey,
  list: (params: { page: number; per_page: number }) => Promise<Page<R>>,
  id: string,
) {
  return useQuery({
    queryKey: [...listKey, 'by-id', id],
    queryFn: async () => {
      for (let page = 1; ; page += 1) {
        const { items, total } = await list({ page, per_page: PAGE_SIZE });
        const found = items.find((item) => item.id === id);
        if (found) return found;
        if (items.length === 0 || page * PAGE_SIZE >= total) {
          throw new ApiError({ status: 404, code: 'NOT_FOUND', title: 'Not Found' });
        }
      }
    },
  });
}
