// The cookie the server sets beside the session cookie, readable by this site's scripts on
// purpose: they echo it on every write (the double-submit pattern), and its presence says
// whether the browser may hold a session at all.
export const CSRF_COOKIE = 'playtrack_csrf';

/** The CSRF cookie's value, or null when the browser holds no session. */
export function csrfToken(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CSRF_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** Whether the browser may hold a session: the server sets and clears the CSRF cookie together
 * with the session cookie, which scripts cannot see. */
export function mayHoldSession(): boolean {
  return csrfToken() !== null;
}
