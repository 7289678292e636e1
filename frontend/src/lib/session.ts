// The signed-in user's session, kept in sessionStorage so it ends with the tab, plus the
// challenge of a sign-in still waiting for its OTP. Route guards, the shell and the API client
// read it; sign-in, logout and the session checks write it.
import { useSyncExternalStore } from 'react';
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from './paths';

export const SESSION_KEYS = {
  token: 'playtrack.token',
  user: 'playtrack.user',
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

/** What the server answers when it opens a session (`SessionGrant`), reduced to what is kept. */
export interface OpenedSession {
  token: string;
  user: SessionUser;
}

// sessionStorage fires no event in the tab that writes it, so writers tell the subscribers.
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAccessToken(): string | null {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  return token === '' ? null : token;
}

export function setAccessToken(token: string): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
  changed();
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    // A hand-edited or truncated value must not crash the app: treat it as signed out.
    return null;
  }
}

export function getSessionUser(): SessionUser | null {
  return parseUser(sessionStorage.getItem(SESSION_KEYS.user));
}

export function setSessionUser(user: SessionUser): void {
  const { id, name, email, role } = user;
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ id, name, email, role }));
  changed();
}

export function getStartUrl(): string {
  return sessionStorage.getItem(SESSION_KEYS.startUrl) ?? '';
}

export function setStartUrl(url: string): void {
  sessionStorage.setItem(SESSION_KEYS.startUrl, url);
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

/** Signed in = both a token and a user are stored; either alone is a half-finished sign-in. */
export function isSignedIn(): boolean {
  return getAccessToken() !== null && getSessionUser() !== null;
}

/** Keeps a session the server opened; the sign-in's challenge is spent. */
export function startSession({ token, user }: OpenedSession): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.startUrl, DEFAULT_SIGNED_IN_PATH);
  clearChallenge();
  setSessionUser(user);
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
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

// useSyncExternalStore needs a stable snapshot: the parsed user is cached per stored string.
let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

function userSnapshot(): SessionUser | null {
  const raw = sessionStorage.getItem(SESSION_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

/** The stored user, re-rendering when sign-in, the session check or logout changes it. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, userSnapshot);
}
