// Edit and details screens name their record in `?id=`, as the seed's links do. Only a UUID can
// name a record: anything else (a missing, empty or edited id) names none.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record `?id=` names, or null when it names none. */
export function recordIdOf(search: URLSearchParams): string | null {
  const id = search.get('id')?.trim() ?? '';
  return UUID.test(id) ? id : null;
}
