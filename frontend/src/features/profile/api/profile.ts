// The profile calls, from the generated client: its screens reach the server only through this
// folder. The photo travels as raw image bytes, which the generated client (JSON bodies, text
// answers) cannot carry: it is read and sent with fetch here.
import { type QueryKey, useMutation } from '@tanstack/react-query';
import {
  deletePhoto,
  getGetMeQueryKey,
  getGetPhotoQueryKey,
  getGetProfileQueryKey,
  getPutPhotoUrl,
} from '@/api/gen/account/account';
import { getListUsersQueryKey } from '@/api/gen/users/users';
import { ApiError, apiFetch } from '@/lib/api-client';
import { useInvalidate } from '@/lib/use-invalidate';

export {
  useGetProfile,
  useListOwnSessions,
  useSignOutEverywhere,
  useUpdateProfile,
} from '@/api/gen/account/account';

/** What a new name or language makes stale: the profile, the signed-in user's record, and the
 * people lists an admin finds themselves in. */
export const PROFILE_KEYS: readonly QueryKey[] = [getGetProfileQueryKey(), getGetMeQueryKey(), getListUsersQueryKey()];

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

async function uploadPhoto(file: File): Promise<void> {
  // Refused here as the server would refuse it, without sending megabytes for nothing.
  if (file.size > PHOTO_MAX_BYTES) {
    throw new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE', title: 'Payload Too Large' });
  }
  // The server reads the type from the bytes; the one the browser guessed is only a courtesy.
  await apiFetch(getPutPhotoUrl(), {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: await file.arrayBuffer(),
  });
}

/** A change of photo is done once the new one (or none) is shown. */
function usePhotoChange<V>(change: (variables: V) => Promise<void>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: change,
    onSuccess: () => invalidate(getGetPhotoQueryKey(), getGetProfileQueryKey()),
  });
}

export function useUploadPhoto() {
  return usePhotoChange(uploadPhoto);
}

export function useDeletePhoto() {
  return usePhotoChange(() => deletePhoto());
}
