// The batches calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
import type { QueryKey } from '@tanstack/react-query';
import { getGetDashboardQueryKey } from '@/api/gen/account/account';
import { getGetBatchQueryKey, getListBatchesQueryKey, getListBatchMembersQueryKey } from '@/api/gen/batches/batches';
import { getListSeatsQueryKey } from '@/api/gen/licences/licences';
import { getListUsersQueryKey } from '@/api/gen/users/users';

export {
  addBatchMember,
  createBatch,
  moveBatchMember,
  removeBatchMember,
  updateBatch,
  useGetBatch,
  useListBatches,
  useListBatchMembers,
} from '@/api/gen/batches/batches';

/** What saving batch `id` makes stale: the lists (and the names other screens show), the batch
 * and the dashboard's count. */
export function batchKeys(id: string): QueryKey[] {
  return [getListBatchesQueryKey(), getGetBatchQueryKey(id), getGetDashboardQueryKey()];
}

/** What a trainee joining or leaving batches `ids` makes stale: their members, the batch lists,
 * and the people and seats, which are filtered by batch or show it. */
export function memberKeys(...ids: string[]): QueryKey[] {
  return [
    ...ids.map((id) => getListBatchMembersQueryKey(id)),
    getListBatchesQueryKey(),
    getListUsersQueryKey(),
    getListSeatsQueryKey(),
  ];
}
