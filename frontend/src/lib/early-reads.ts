// The reads a signed-in page load needs before its first screen (who is signed in, their
// preferences, and what the landing screen shows), started by the entry alongside the app's code
// instead of after it. The API client takes each answer once; a session that starts or ends
// first drops them, as they speak of the session the page was loaded with.
import { DEFAULT_SIGNED_IN_PATH } from './paths';
import type { Role } from './session';

const ME = '/api/v1/me';
const EARLY_READS = [ME, '/api/v1/me/preferences'];
/** A landing screen's own reads, by its address. */
const SCREEN_READS: Record<string, string[]> = { [DEFAULT_SIGNED_IN_PATH]: ['/api/v1/dashboard'] };
/** What every API call accepts: its answer, or a problem (here, as this module loads first). */
export const API_ACCEPT = 'application/json, application/problem+json';

const started = new Map<string, Promise<Response>>();

export function startEarlyReads(pathname: string): void {
  for (const url of [...EARLY_READS, ...(SCREEN_READS[pathname] ?? [])]) {
    started.set(url, fetch(url, { headers: { Accept: API_ACCEPT } }));
  }
}

/** The role the early read of /me names, read from a copy so that the app still takes the answer;
 * undefined when there is none or it is not a signed-in person. */
export async function earlyRole(): Promise<Role | undefined> {
  const response = await started.get(ME);
  if (!response?.ok) return undefined;
  // Copied before the app, which awaits the answer after this, reads it; a failed read (the
  // network) only means nothing is preloaded.
  const me = (await response.clone().json().catch(() => undefined)) as { role?: Role } | undefined;
  return me?.role;
}

/** The early answer to a GET of `url`, once. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}

export function dropEarlyReads(): void {
  started.clear();
}
