// The signed-in user's session, kept in sessionStorage so it ends with the tab.
// Sign-in (next issue) fills it; route guards and the API client read it.
import { SIGN_IN_PATH } from './paths';

export const SESSION_KEYS = {
  token: 'playtrack.token',
  user: 'playtrack.user',
  startUrl: 'playtrack.startUrl',
} as const;

export type Role = 'SUPER_ADMIN' | 'COMPANY_ADMIN' | 'USER';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export function getAccessToken(): string | null {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  return token === '' ? null : token;
}

export function setAccessToken(token: string): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
}

export function getSessionUser(): SessionUser | null {
  const raw = sessionStorage.getItem(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    // A hand-edited or truncated value must not crash the app: treat it as signed out.
    return null;
  }
}

export function setSessionUser(user: SessionUser): void {
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function getStartUrl(): string {
  return sessionStorage.getItem(SESSION_KEYS.startUrl) ?? '';
}

export function setStartUrl(url: string): void {
  sessionStorage.setItem(SESSION_KEYS.startUrl, url);
}

/** Signed in = both a token and a user are stored; either alone is a half-finished sign-in. */
export function isSignedIn(): boolean {
  return getAccessToken() !== null && getSessionUser() !== null;
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
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
