// Default answers of the fake server the component tests run against (MSW), and helpers for
// the answers a test adds with `apiServer.use(...)`.
import { http, HttpResponse } from 'msw';
import type { Dashboard, Health, Me, Problem, ProblemCode } from '@/api/gen/playtrack.schemas';
import { getSessionUser } from '@/lib/session';

export const TEST_SERVER_VERSION = '0.0.0-test';

export const TEST_DASHBOARD: Dashboard = {
  companies: 2,
  batches: 3,
  trainees: 12,
  attempts: 1234,
  levels_played: 7,
};

/** A problem+json answer as the server sends it; typed as a plain Response so a handler may
 * answer either its success body or a problem. */
export function problem(status: number, code: ProblemCode, extra: Partial<Problem> = {}): Response {
  const body: Problem = { type: `urn:playtrack:problem:${code}`, title: code, status, code, ...extra };
  return HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } });
}

/** The fake browser's session cookie belongs to whoever the tab knows is signed in. */
function signedInAs(): Me | null {
  const user = getSessionUser();
  return user && { ...user, company_id: null };
}

export const apiHandlers = [
  http.get('/api/v1/healthz', () =>
    HttpResponse.json<Health>({ status: 'ok', version: TEST_SERVER_VERSION }),
  ),
  // The session is valid and belongs to the tab's user, unless a test says otherwise; a tab
  // that has not learnt of one finds none.
  http.get('/api/v1/me', () => {
    const me = signedInAs();
    return me ? HttpResponse.json<Me>(me) : problem(401, 'UNAUTHENTICATED');
  }),
  http.get('/api/v1/dashboard', () =>
    signedInAs() ? HttpResponse.json<Dashboard>(TEST_DASHBOARD) : problem(401, 'UNAUTHENTICATED'),
  ),
  http.post('/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })),
];
