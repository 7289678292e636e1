// Where a sign-in through the company's identity provider continues once it is back: kept in
// this tab's session storage across the trip to the provider, read once, and checked again by
// safeNextPath on reading (storage is no more trusted than the address bar).
import { safeNextPath } from '@/lib/safe-next-path';

const KEY = 'playtrack.sso.next';

export function keepSsoNext(next: string | undefined): void {
  if (next === undefined) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, next);
}

export function takeSsoNext(): string | undefined {
  const next = safeNextPath(sessionStorage.getItem(KEY));
  sessionStorage.removeItem(KEY);
  return next;
}
