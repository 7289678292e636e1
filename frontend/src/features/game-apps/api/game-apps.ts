// The game apps calls this feature makes, from the generated client: its screens reach the
// server only through this folder. Each change marks the list stale.
import {
  getListGameAppsQueryKey,
  useCreateGameApp as useCreateGameAppCall,
  useUpdateGameApp as useUpdateGameAppCall,
} from '@/api/gen/game-apps/game-apps';
import { useListApiClients } from '@/api/gen/api-clients/api-clients';
import { useInvalidateOnSuccess } from '@/lib/use-invalidate';

/** Every game app, newest first. */
export { useListGameApps } from '@/api/gen/game-apps/game-apps';

const listChanged = () => [getListGameAppsQueryKey()];

export function useCreateGameApp() {
  return useCreateGameAppCall(useInvalidateOnSuccess(listChanged));
}

/** Changes an app, or disables or enables it (`disabled` in its input). */
export function useUpdateGameApp() {
  return useUpdateGameAppCall(useInvalidateOnSuccess(listChanged));
}

/** Every API client, in name order: one page of the largest size covers a portal's clients. */
const ALL_CLIENTS = { per_page: 200, sort: 'name', order: 'asc' } as const;

/** The API clients a game app may report as (kind `game`, not revoked), and every client's
 * name by id, revoked ones included, for showing what an app reports as. */
export function useGameClients() {
  const query = useListApiClients(ALL_CLIENTS);
  const clients = query.data?.items ?? [];
  return {
    clients,
    selectable: clients.filter(({ kind, revoked_at }) => kind === 'game' && !revoked_at),
    loading: query.isPending,
  };
}
