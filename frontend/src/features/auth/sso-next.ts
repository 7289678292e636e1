// Where a sign-in through the company's identity provider continues once it is back: kept in
// this tab's session storage across the trip to the provider, checked again by safeNextPath on
// reading (storage is no more trusted than the address bar), and forgotten once used. Reading
// does not forget it: a render that suspends (a language file still loading) reads it again.
import { safeNextPath } from '@/lib/safe-next-path';

const KEY = 'playtrack.sso.next';

export function keepSsoNext(next: string | undefined): void {
  if (next === undefined) sessionStorage.removeItem(KEY);
  else sessionStorage.setItem(KEY, next);
}

export function readSsoNext(): string | undefined {
  return safeNextPath(sessionStorage.getItem(KEY));
}

export function forgetSsoNext(): void {
  sessionStorage.removeItem(KEY);
}
