// Who is signed in, as this tab knows it. The session itself is an HttpOnly cookie no script
// can read (so no injected script can steal it, and every tab of the browser shares it); the
// tab learns whose it is from the sign-in answer or, when it starts, from GET /api/v1/me, and
// keeps only that user in memory. Also kept: the start URL (in localStorage, shared like the
// session; it only counts while someone is signed in) and the challenge of a sign-in still
// waiting for its OTP (in sessionStorage: that sign-in belongs to this tab). Route guards, the
// shell and the API client read this; sign-in, logout and the session checks write it.
import { useSyncExternalStore } from 'react';
import { dropEarlyReads } from './early-reads';
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from './paths';

export const SESSION_KEYS = {
  startUrl: 'playtrack.startUrl',
  /** The `session-token` of a sign-in between password and OTP. */
  challenge: 'playtrack.challenge',
} as const;

export type Role = 'SUPER_ADMIN' | 'COMPANY_ADMIN' | 'USER';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** `undefined` until the tab knows (the check at start has not answered), then the user or null. */
let current: SessionUser | null | undefined;
/** Moves on whenever a session starts or ends here, so an answer to a call made for an earlier
 * session can be told apart from one about the current session. */
let generation = 0;

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function reduced({ id, name, email, role }: SessionUser): SessionUser {
  return { id, name, email, role };
}

/** Whether the tab knows yet if someone is signed in. */
export function isSessionKnown(): boolean {
  return current !== undefined;
}

export function getSessionUser(): SessionUser | null {
  return current ?? null;
}

export function isSignedIn(): boolean {
  return getSessionUser() !== null;
}

export function sessionGeneration(): number {
  return generation;
}

/** What the check at start learnt: the cookie's user, or nobody. */
export function learnSession(user: SessionUser | null): void {
  if (user === null) dropEarlyReads();
  generation += 1;
  current = user && reduced(user);
  changed();
}

/** The same session's user as the server now describes them (a new name, say). */
export function setSessionUser(user: SessionUser): void {
  current = reduced(user);
  changed();
}

export function getStartUrl(): string {
  return localStorage.getItem(SESSION_KEYS.startUrl) ?? '';
}

export function setStartUrl(url: string): void {
  localStorage.setItem(SESSION_KEYS.startUrl, url);
}

export function getChallenge(): string | null {
  const challenge = sessionStorage.getItem(SESSION_KEYS.challenge);
  return challenge === '' ? null : challenge;
}

export function setChallenge(challenge: string): void {
  sessionStorage.setItem(SESSION_KEYS.challenge, challenge);
}

export function clearChallenge(): void {
  sessionStorage.removeItem(SESSION_KEYS.challenge);
}

/** A session the server opened for `user` (its cookie came with the answer); the sign-in's
 * challenge is spent. */
export function startSession(user: SessionUser): void {
  dropEarlyReads();
  setStartUrl(DEFAULT_SIGNED_IN_PATH);
  clearChallenge();
  learnSession(user);
}

/** The session is over for this tab (logout, a 401, another tab's logout or sign-in). */
export function endSession(): void {
  clearChallenge();
  learnSession(null);
}

/** Back to a fresh tab that has not asked the server yet; every test starts from here. */
export function forgetSession(): void {
  current = undefined;
  changed();
}

/**
 * Where `/` sends a visitor (the seed's root rule): the stored start URL when someone is signed
 * in and it names a real page, otherwise the sign-in page.
 */
export function landingPath(): string {
  const startUrl = getStartUrl();
  // Only same-origin paths: a stored `//host` or `https://…` must never become an open redirect.
  const isAppPath = startUrl.startsWith('/') && !startUrl.startsWith('//');
  if (!isSignedIn() || !isAppPath || startUrl === '/' || startUrl === SIGN_IN_PATH) {
    return SIGN_IN_PATH;
  }
  return startUrl;
}

/** The signed-in user, re-rendering when sign-in, the session check or logout changes it. */
export function useSessionUser(): SessionUser | null {
  // The prerendered sign-in page (src/prerender.tsx) is rendered, and hydrated, before anyone
  // is known: the same answer serves both.
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}

/** Whether the tab knows yet if someone is signed in; changes once, when the check answers. */
export function useSessionKnown(): boolean {
  return useSyncExternalStore(subscribeSession, isSessionKnown, isSessionKnown);
}
