// What the API client learns about the session from an answer, for the app to act on
// (sign-out with a toast, the access-denied page). The client stays free of routing and UI.

export type SessionEvent =
  /** An authenticated call answered 401: the session is over (revoked, expired, idle). */
  | 'expired'
  /** A call answered 403 FORBIDDEN: the role may not do this. */
  | 'forbidden';

type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}
