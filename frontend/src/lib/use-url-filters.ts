// A list's filters kept in the URL beside its paging, sorting and search term (see
// useListParams), so a reload or a shared link shows the same selection.
import { useSearchParams } from 'react-router';

/** Reads a filter ('' when unset) and sets some at once ('' clears one); any change starts the
 * list again from its first page. */
export function useUrlFilters<F extends string>() {
  const [search, setSearch] = useSearchParams();
  const filter = (key: F) => search.get(key) ?? '';
  const setFilters = (changes: Partial<Record<F, string>>) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries<string | undefined>(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filter, setFilters };
}
