// The dashboards' tests' fake server — a dashboard and its answer, the reports (answered by
// view) and a small catalogue; every report request's parameters are kept for the test to check — and the ways
// they read a dashboard: a figure's card, a section, a section's table.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Catalogue, Dashboard, DashboardInsight, DashboardSummary, ReportColumn, ScoreReport } from '@/api/gen/playtrack.schemas';
import { EMPTY_DASHBOARD_INSIGHT, EMPTY_REPORT, TEST_DASHBOARD } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';

const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A report of one row (everything the reader sees, or themself) with a value per column. */
export function oneRow(columns: [string, string, number | null][], label = 'All'): ScoreReport {
  return {
    ...EMPTY_REPORT,
    columns: columns.map(([key, name]) => ({ key, label: name, unit: 'percent' })),
    rows: [{ id: uuid('a', 0), label, cells: columns.map(([, , value]) => value), started: true }],
    total: 1,
  };
}

export const SKILLS = [
  ['Negotiation', 81.5],
  ['Leadership', 74],
  ['Empathy', 68],
  ['Listening', 55],
  ['Planning', 43],
  ['Conflict', 32.5],
  ['Coaching', 20],
] as const;

/** Seven skills (and one nobody played), each scored. */
export const SKILL_REPORT = oneRow([
  ...SKILLS.map(([name, value], index): [string, string, number] => [uuid('f', index + 1), name, value]),
  [uuid('f', 99), 'Unplayed skill', null],
]);

export const ACTIVITY: Dashboard['activity'] = Array.from({ length: 12 }, (_, index) => ({
  company_id: uuid('c', index + 1),
  name: `Company ${String.fromCharCode(65 + index)}`,
  attempts: (12 - index) * 10,
}));

export const INACTIVE: Dashboard['inactive_trainees'] = [
  { id: uuid('b', 1), name: 'Rohan Das', email: 'rohan@meridian.example', last_played: null },
  { id: uuid('b', 2), name: 'Mei Chen', email: 'mei+training@meridian.example', last_played: '2026-03-02T09:30:00Z' },
];

/** Eight weeks from 19 January 2026 with these scores. */
export function weeks(scores: (number | null)[]): DashboardSummary['trend'] {
  return scores.map((score, index) => ({ from: new Date(Date.UTC(2026, 0, 19 + 7 * index)).toISOString().slice(0, 10), score }));
}

const NOTHING_PLAYED = weeks([null, null, null, null, null, null, null, null]);

/** Two batches: one improving with Empathy its weakest skill, one that never played; three
 * trainees to nudge — two quiet (one never played), one behind their batch. */
export const BATCH_INSIGHT: DashboardInsight = {
  ...EMPTY_DASHBOARD_INSIGHT,
  rows: 'batch',
  summaries: [
    {
      id: uuid('d', 1),
      name: 'Cohort A',
      score: 72.5,
      trend: weeks([null, 60, 62, null, 66, 70, 71, 74]),
      change: 14,
      weakest_skill: { id: uuid('f', 3), name: 'Empathy', score: 48.5, cohort: 55 },
      trainees: 4,
      quiet: 1,
    },
    { id: uuid('d', 2), name: 'Cohort B', score: null, trend: NOTHING_PLAYED, change: null, weakest_skill: null, trainees: 3, quiet: 3 },
  ],
  nudges: [
    { id: uuid('b', 1), name: 'Rohan Das', email: 'rohan@meridian.example', last_played: null, quiet: true, behind: null },
    {
      id: uuid('b', 2),
      name: 'Mei Chen',
      email: 'mei+training@meridian.example',
      last_played: '2026-03-02T09:30:00Z',
      quiet: true,
      behind: null,
    },
    {
      id: uuid('b', 3),
      name: 'Omar Haddad',
      email: 'omar@meridian.example',
      last_played: '2026-03-20T09:30:00Z',
      quiet: false,
      behind: { batch_id: uuid('d', 1), batch_name: 'Cohort A', score: 55.5, batch_score: 72.5 },
    },
  ],
};

/** Two companies: one slipping, one that has not started. */
export const COMPANY_INSIGHT: DashboardInsight = {
  ...EMPTY_DASHBOARD_INSIGHT,
  rows: 'company',
  summaries: [
    {
      id: uuid('c', 1),
      name: 'Meridian',
      score: 64,
      trend: weeks([70, 69, 68, 66, 65, 64, 62, 61.5]),
      change: -8.5,
      weakest_skill: { id: uuid('f', 5), name: 'Planning', score: 41, cohort: 52 },
      trainees: 40,
      quiet: 6,
    },
    { id: uuid('c', 2), name: 'Orbis', score: null, trend: NOTHING_PLAYED, change: null, weakest_skill: null, trainees: 5, quiet: 5 },
  ],
};

/** The trainee played every week lately; Empathy is their weakest skill; level 3 is next. */
export const OWN_INSIGHT: DashboardInsight = {
  ...EMPTY_DASHBOARD_INSIGHT,
  rows: 'own',
  summaries: [
    {
      id: uuid('0', 0),
      name: 'All',
      score: 70,
      trend: weeks([null, null, null, null, 60, 65, 65, 70]),
      change: 10,
      weakest_skill: { id: uuid('f', 3), name: 'Empathy', score: 45, cohort: null },
      trainees: 0,
      quiet: 0,
    },
  ],
  next_level: { id: uuid('9', 3), name: '1.3 Level 3', score: null },
};

export const EXPIRING: Dashboard['expiring_licences'] = [
  { allocation_id: uuid('5', 1), company_id: uuid('c', 1), company_name: 'Meridian', valid_until: '2026-07-31', seats: 10, assigned: 4 },
];

const OVERVIEW_COLUMNS: ReportColumn[] = [
  { key: 'trainees', label: 'Trainees', unit: 'count' },
  { key: 'levels', label: 'Levels played', unit: 'count' },
  { key: 'attempts', label: 'Attempts', unit: 'count' },
  { key: 'points', label: 'Total points', unit: 'points' },
  { key: 'score', label: 'Score', unit: 'percent' },
  { key: 'best', label: 'Best %', unit: 'percent' },
  { key: 'last_played', label: 'Last played', unit: 'time' },
];

export const BATCHES: ScoreReport = {
  ...EMPTY_REPORT,
  group: 'batch',
  row_header: 'Batch',
  columns: OVERVIEW_COLUMNS,
  rows: [
    { id: uuid('d', 1), label: 'Cohort A', cells: [4, 10, 14, 700, 72.5, 98, '2026-03-04T10:15:00Z'], started: true },
    { id: uuid('d', 2), label: 'Cohort B', cells: [0, 0, 0, 0, null, 0, null], started: true },
  ],
  total: 2,
};

export const CHAPTER_1 = uuid('e', 1);
export const CHAPTER_2 = uuid('e', 2);
const level = (n: number, chapter: string, number: number, retired = false): Catalogue['levels'][number] => ({
  id: uuid('9', n),
  chapter_id: chapter,
  number,
  title: { en: `Level ${n}` },
  max_score: 100,
  difficulty: 'easy',
  skill_ids: [],
  skill_max_points: {},
  retired_at: retired ? '2026-01-01T00:00:00Z' : null,
});

/** Chapter 1 has three levels in play and a retired one; chapter 2 two levels. */
export const CATALOGUE: Catalogue = {
  chapters: [
    { id: CHAPTER_2, number: 2, title: { en: 'Handling complaints', fr: 'Gérer les réclamations' } },
    { id: CHAPTER_1, number: 1, title: { en: 'First day on the floor' } },
  ],
  levels: [
    level(1, CHAPTER_1, 1),
    level(2, CHAPTER_1, 2),
    level(3, CHAPTER_1, 3),
    level(4, CHAPTER_1, 4, true),
    level(5, CHAPTER_2, 1),
    level(6, CHAPTER_2, 2),
  ],
  skills: [],
  approaches: [],
};

/** The trainee completed levels 1 and 2 of chapter 1, none of chapter 2. */
export const MY_LEVELS = oneRow(
  CATALOGUE.levels.map((l, index): [string, string, number | null] => [l.id, `Level ${index + 1}`, index < 2 ? 80 : null]),
  'Asha Rao',
);
export const MY_CHAPTERS = oneRow(
  [
    [CHAPTER_1, '1 First day on the floor', 66.666],
    [CHAPTER_2, '2 Handling complaints', null],
  ],
  'Asha Rao',
);
export const MY_SKILLS = oneRow(
  [
    [uuid('f', 1), 'Negotiation', 90],
    [uuid('f', 2), 'Leadership', 60],
    [uuid('f', 3), 'Empathy', 45],
  ],
  'Asha Rao',
);

export const MY_ATTEMPTS: ScoreReport = {
  ...EMPTY_REPORT,
  group: 'level',
  row_header: 'Level',
  columns: [
    { key: 'trainee', label: 'Trainee', unit: 'text' },
    { key: 'difficulty', label: 'Difficulty', unit: 'text' },
    { key: 'approach', label: 'Approach', unit: 'text' },
    { key: 'score', label: 'Score', unit: 'points' },
    { key: 'max_score', label: 'Maximum', unit: 'points' },
    { key: 'percent', label: 'Percent', unit: 'percent' },
    { key: 'duration', label: 'Duration', unit: 'count' },
    { key: 'completed_at', label: 'Completed', unit: 'time' },
  ],
  rows: [
    { id: uuid('7', 1), label: '1.2 The missing delivery', cells: ['Asha Rao', 'Hard', 'Direct', 64, 80, 80, 312, '2026-03-05T14:00:00Z'], started: true },
    { id: uuid('7', 2), label: '1.1 Meet the team', cells: ['Asha Rao', 'Easy', 'Direct', 45, 100, 45, 200, '2026-03-04T09:00:00Z'], started: true },
  ],
  total: 2,
};

/** The dashboard, its answer and the reports a test's role sees; returns the report requests'
 * parameters. */
export function answerDashboard(
  dashboard: Partial<Dashboard>,
  reports: Partial<Record<string, ScoreReport>>,
  catalogue = CATALOGUE,
  insight = EMPTY_DASHBOARD_INSIGHT,
) {
  const asked: Record<string, string>[] = [];
  apiServer.use(
    http.get('/api/v1/dashboard', () => HttpResponse.json<Dashboard>({ ...TEST_DASHBOARD, ...dashboard })),
    http.get('/api/v1/dashboard/insight', () => HttpResponse.json<DashboardInsight>(insight)),
    http.get('/api/v1/reports/scores', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(params);
      const key = params.group ? `${params.view ?? ''}/${params.group}` : (params.view ?? '');
      return HttpResponse.json<ScoreReport>(reports[key] ?? EMPTY_REPORT);
    }),
    http.get('/api/v1/catalogue', () => HttpResponse.json<Catalogue>(catalogue)),
  );
  return asked;
}

/** The card of a figure, once it shows `value`: the link to the screen detailing it, or the card. */
export async function figure(label: string, value: string): Promise<HTMLElement> {
  const heading = await screen.findByText(label, { selector: 'h2' });
  const card = heading.closest<HTMLElement>('a') ?? heading.closest<HTMLElement>('.MuiCard-root');
  if (!card) throw new Error(`no card for ${label}`);
  await within(card).findByText(value, { selector: 'p' });
  return card;
}

/** A section of the dashboard, named by its heading. */
export function section(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

/** The texts of a section's table's body rows, cell by cell, once it has some. */
export async function rowsOf(region: HTMLElement): Promise<string[][]> {
  const rows = await within(region).findAllByRole('row');
  return rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}
