// The reads a signed-in page load needs before its first screen (who is signed in, and their
// preferences), started by the entry alongside the app's code instead of after it. The API
// client takes each answer once; a session that starts or ends first drops them, as they speak
// of the session the page was loaded with.
const EARLY_READS = ['/api/v1/me', '/api/v1/me/preferences'];
/** What every API call accepts: its answer, or a problem (here, as this module loads first). */
export const API_ACCEPT = 'application/json, application/problem+json';

const started = new Map<string, Promise<Response>>();

export function startEarlyReads(): void {
  for (const url of EARLY_READS) started.set(url, fetch(url, { headers: { Accept: API_ACCEPT } }));
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
