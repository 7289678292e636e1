// Default answers of the fake server the component tests run against (MSW), and helpers for
// the answers a test adds with `apiServer.use(...)`.
import { http, HttpResponse } from 'msw';
import type {
  Appearance,
  Catalogue,
  Dashboard,
  DashboardInsight,
  Health,
  Me,
  Preferences,
  Problem,
  ProblemCode,
  ReportInsight,
  ScoreReport,
  TableView,
} from '@/api/gen/playtrack.schemas';
import { getSessionUser } from '@/lib/session';

export const TEST_SERVER_VERSION = '0.0.0-test';

export const TEST_DASHBOARD: Dashboard = {
  companies: 2,
  batches: 3,
  trainees: 12,
  attempts: 1234,
  levels_played: 7,
  attempts_this_week: 56,
  seats: { sold: 20, assigned: 12, activated: 9, expiring_soon: 4, next_expiry: '2026-07-31' },
  activity: [],
  inactive_trainees: [],
  licence_valid_until: null,
  expiring_licences: [],
};

/** A dashboard's answer with nothing played yet and nobody to nudge. */
export const EMPTY_DASHBOARD_INSIGHT: DashboardInsight = {
  rows: 'batch',
  summaries: [],
  nudges: [],
  next_level: null,
  trend_weeks: 8,
  quiet_days: 14,
  behind_by: 10,
};

/** A report's answer in words over nothing played. */
export const EMPTY_REPORT_INSIGHT: ReportInsight = {
  score: null,
  period_from: '2026-02-01',
  period_to: '2026-03-02',
  change: null,
  weakest_skill: null,
  strongest_skill: null,
  weakest_level: null,
  strongest_level: null,
  trainees: 0,
  quiet: 0,
  quiet_days: 14,
};

/** A report with nothing played yet (the dashboards' default answer). */
export const EMPTY_REPORT: ScoreReport = { group: 'all', row_header: 'All', columns: [], rows: [], total: 0, page: 1, per_page: 25 };

export const EMPTY_CATALOGUE: Catalogue = { chapters: [], levels: [], skills: [], approaches: [] };

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
  http.get('/api/v1/dashboard/insight', () =>
    signedInAs() ? HttpResponse.json<DashboardInsight>(EMPTY_DASHBOARD_INSIGHT) : problem(401, 'UNAUTHENTICATED'),
  ),
  // The dashboards' score figures and chapters: nothing played, an empty catalogue.
  http.get('/api/v1/reports/scores', () =>
    signedInAs() ? HttpResponse.json<ScoreReport>(EMPTY_REPORT) : problem(401, 'UNAUTHENTICATED'),
  ),
  http.get('/api/v1/reports/insight', () =>
    signedInAs() ? HttpResponse.json<ReportInsight>(EMPTY_REPORT_INSIGHT) : problem(401, 'UNAUTHENTICATED'),
  ),
  http.get('/api/v1/catalogue', () =>
    signedInAs() ? HttpResponse.json<Catalogue>(EMPTY_CATALOGUE) : problem(401, 'UNAUTHENTICATED'),
  ),
  // Nobody has chosen an appearance yet; a choice is taken and answered back.
  http.get('/api/v1/me/preferences', () =>
    signedInAs() ? HttpResponse.json<Preferences>({ appearance: null, tables: [] }) : problem(401, 'UNAUTHENTICATED'),
  ),
  http.put('/api/v1/me/preferences/appearance', async ({ request }) =>
    HttpResponse.json<Appearance>((await request.json()) as Appearance),
  ),
  http.put('/api/v1/me/preferences/tables/:table', async ({ request }) =>
    HttpResponse.json<TableView>((await request.json()) as TableView),
  ),
  // Nobody has a photo: the header shows initials.
  http.get('/api/v1/me/photo', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })),
];
