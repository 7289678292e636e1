// The signed-in person's preferences (appearance, table views) as the server keeps them: read
// once per person and kept fresh by the changes this page makes itself.
import { useQuery } from '@tanstack/react-query';
import { getGetPreferencesQueryOptions } from '@/api/gen/account/account';
import { useSessionUser } from './session';

export const preferencesKey = (userId: string | undefined) => ['preferences', userId] as const;

/** The preferences of whoever is signed in; idle while nobody is. */
export function usePreferences() {
  const userId = useSessionUser()?.id;
  const query = useQuery({
    ...getGetPreferencesQueryOptions(),
    queryKey: preferencesKey(userId),
    enabled: userId !== undefined,
    staleTime: Infinity,
  });
  return { ...query, userId };
}
