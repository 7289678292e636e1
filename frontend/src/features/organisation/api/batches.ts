// The batches calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
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
