// The reads a signed-in page load needs before its first screen (who is signed in, their
// preferences, and what the landing screen shows), started by the entry alongside the app's code
// instead of after it. The API client takes each answer once; a session that starts or ends
// first drops them, as they speak of the session the page was loaded with.
import { DEFAULT_SIGNED_IN_PATH } from './paths';

export const ME_URL = '/api/v1/me';
export const PREFERENCES_URL = '/api/v1/me/preferences';
const EARLY_READS = [ME_URL, PREFERENCES_URL];
/** A landing screen's own reads, by its address. */
const SCREEN_READS: Record<string, string[]> = {
  [DEFAULT_SIGNED_IN_PATH]: ['/api/v1/dashboard', '/api/v1/dashboard/insight'],
};
/** What every API call accepts: its answer, or a problem (here, as this module loads first). */
export const API_ACCEPT = 'application/json, application/problem+json';

const started = new Map<string, Promise<Response>>();

export function startEarlyReads(pathname: string): void {
  for (const url of [...EARLY_READS, ...(SCREEN_READS[pathname] ?? [])]) {
    started.set(url, fetch(url, { headers: { Accept: API_ACCEPT } }));
  }
}

/** The JSON of every early read that has succeeded, by address, once all have come: the app
 * renders its first screen with them rather than with a pending state a frame before. They are
 * taken (the API client asks the server next time); one that failed stays for the API client,
 * which reports it as it reports its own. */
export async function takeEarlyAnswers(): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  await Promise.all(
    [...started].map(async ([url, pending]) => {
      const response = await pending.catch(() => undefined);
      if (!response?.ok) return;
      // A body that is not JSON (a proxy's page) is the API client's to report.
      const body: unknown = await response.clone().json().catch(() => undefined);
      // Dropped meanwhile: a session started or ended, and the answer speaks of the one before.
      if (body === undefined || started.get(url) !== pending) return;
      started.delete(url);
      answers.set(url, body);
    }),
  );
  return answers;
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
