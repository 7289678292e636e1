// The calls behind the mailed password links: whether a reset link still works.
import { useQuery } from '@tanstack/react-query';
import { checkResetLink } from '@/api/gen/passwords/passwords';

/** The seed's password-check, asked once per link when the page opens (a POST, so no
 * generated query hook): `NEW_PASSWORD` shows the form, `LOGIN` sends the reader to sign in. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['reset-link-check', token],
    queryFn: () => checkResetLink({ token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
