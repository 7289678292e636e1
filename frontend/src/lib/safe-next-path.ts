// Where a sign-in may continue: the `?next=` of /login, /signin and /logout. Only a path of this
// site counts, so a link cannot use the portal's sign-in to send its reader elsewhere (an open
// redirect): a game's sign-in (/oauth/authorize?…) comes back to the consent page this way.

/** Any URL would do as a base: only whether a path keeps it matters. */
const PROBE_ORIGIN = 'https://next.invalid';

/** C0 and C1 control characters and DEL: browsers drop tabs and line breaks from URLs, so
 * `/\t/evil.example` would become `//evil.example`. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * `value` when it is a path of this site: a single `/` first (not `//` nor `/\`, which browsers
 * read as another host), no scheme, no control characters. Anything else (absent, empty, a full
 * URL, `javascript:…`) gives undefined, so the caller falls back to its default.
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (CONTROL_CHARACTERS.test(value)) return undefined;
  // The last word is the URL parser's: the path must stay on this origin.
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return undefined;
  } catch {
    return undefined;
  }
  return value;
}

/** `path` carrying `next` as its `?next=` (or `path` alone when there is none). */
export function withNext(path: string, next: string | undefined): string {
  return next === undefined ? path : `${path}?${new URLSearchParams({ next }).toString()}`;
}
