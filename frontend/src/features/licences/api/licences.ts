// The licences calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  useAssignSeat,
  useCreateLicenceAllocation,
  useGetLicenceAllocation,
  useGetLicenceSummary,
  useListLicenceAllocations,
  useListSeats,
  useRevokeSeat,
  useUpdateLicenceAllocation,
} from '@/api/gen/licences/licences';
