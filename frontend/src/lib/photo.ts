// The signed-in person's photo, as the header's avatar and the profile page show it.
import { useQuery } from '@tanstack/react-query';
import { getGetPhotoQueryKey, getGetPhotoUrl } from '@/api/gen/account/account';
import { fetchImage } from './fetch-image';

/** The photo as a data URL, or null while the person has none. */
export function usePhoto() {
  return useQuery({ queryKey: getGetPhotoQueryKey(), queryFn: ({ signal }) => fetchImage(getGetPhotoUrl(), signal) });
}
