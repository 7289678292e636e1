// The licences calls this feature makes, from the generated client: its screens
// reach the server only through this folder. Each change marks stale what it changes.
import {
  getGetLicenceAllocationQueryKey,
  useAssignSeat as useAssignSeatCall,
  useCreateLicenceAllocation as useCreateLicenceAllocationCall,
  useRevokeSeat as useRevokeSeatCall,
  useUpdateLicenceAllocation as useUpdateLicenceAllocationCall,
} from '@/api/gen/licences/licences';
import { SEAT_KEYS, useInvalidateOnSuccess } from '@/lib/use-invalidate';

export {
  useGetLicenceAllocation,
  useGetLicenceSummary,
  useListLicenceAllocations,
  useListSeats,
} from '@/api/gen/licences/licences';

export function useAssignSeat() {
  return useAssignSeatCall(useInvalidateOnSuccess(() => SEAT_KEYS));
}

export function useRevokeSeat() {
  return useRevokeSeatCall(useInvalidateOnSuccess(() => SEAT_KEYS));
}

// An allocation's seats and dates change the counts and the seats' validity.
export function useCreateLicenceAllocation() {
  return useCreateLicenceAllocationCall(useInvalidateOnSuccess(() => SEAT_KEYS));
}

export function useUpdateLicenceAllocation() {
  return useUpdateLicenceAllocationCall(
    useInvalidateOnSuccess((_allocation, { id }: { id: string }) => [...SEAT_KEYS, getGetLicenceAllocationQueryKey(id)]),
  );
}
