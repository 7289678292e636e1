// A fake server for the report screens' tests: the report answers what a test gives it (by the
// parameters asked), the selects' companies, batches, trainees and catalogue are small, and
// every request's parameters are kept for the test to check.
import { http, HttpResponse } from 'msw';
import type { Batch, Catalogue, Company, ReportColumn, ReportInsight, ScoreReport, User } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';

const company = (id: string, name: string): Company => ({
  id,
  name,
  active: true,
  contact_person: 'Ada Root',
  country_id: '10000000-0000-4000-8000-000000000001',
  industry_id: '20000000-0000-4000-8000-000000000001',
  email: 'office@example.com',
  remark: '',
  session_minutes: 30,
});
export const MERIDIAN = company('c0000000-0000-4000-8000-000000000001', 'Meridian Bank');
export const ORBIS = company('c0000000-0000-4000-8000-000000000002', 'Orbis Retail');
export const COHORT: Batch = { id: 'b0000000-0000-4000-8000-000000000001', company_id: MERIDIAN.id, name: 'Cohort A', active: true };
export const ROHAN: User = {
  id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Rohan Das',
  email: 'rohan@meridian.example',
  role: 'USER',
  status: 'active',
  locale: 'en',
  created_at: '2026-01-05T09:00:00Z',
  company_id: MERIDIAN.id,
};
export const CHAPTER_ID = 'd0000000-0000-4000-8000-000000000001';
export const LEVEL_ID = 'e0000000-0000-4000-8000-000000000001';
export const OTHER_LEVEL_ID = 'e0000000-0000-4000-8000-000000000002';
export const SKILLS = [
  { id: 'f0000000-0000-4000-8000-000000000001', name: 'Negotiation' },
  { id: 'f0000000-0000-4000-8000-000000000002', name: 'Leadership' },
  { id: 'f0000000-0000-4000-8000-000000000003', name: 'Empathy' },
];

export const CATALOGUE: Catalogue = {
  chapters: [{ id: CHAPTER_ID, number: 1, title: { en: 'First day on the floor', ar: 'اليوم الأول في الميدان' } }],
  levels: [
    {
      id: LEVEL_ID,
      chapter_id: CHAPTER_ID,
      number: 1,
      title: { en: 'Meet the team' },
      max_score: 100,
      difficulty: 'easy',
      skill_ids: [],
      skill_max_points: {},
      retired_at: null,
    },
    {
      id: OTHER_LEVEL_ID,
      chapter_id: CHAPTER_ID,
      number: 2,
      title: { en: 'The missing delivery' },
      max_score: 80,
      difficulty: 'hard',
      skill_ids: [],
      skill_max_points: {},
      retired_at: null,
    },
  ],
  skills: SKILLS.map(({ id, name }) => ({ id, name: { en: name } })),
  approaches: [],
};

const OVERVIEW_COLUMNS: ReportColumn[] = [
  { key: 'trainees', label: 'Trainees', unit: 'count' },
  { key: 'levels', label: 'Levels played', unit: 'count' },
  { key: 'attempts', label: 'Attempts', unit: 'count' },
  { key: 'points', label: 'Total points', unit: 'points' },
  { key: 'score', label: 'Score', unit: 'percent' },
  { key: 'best', label: 'Best %', unit: 'percent' },
  { key: 'last_played', label: 'Last played', unit: 'time' },
];

/** The overview with a row per company (what the super admin sees first). */
export const COMPANY_OVERVIEW: ScoreReport = {
  group: 'company',
  row_header: 'Company',
  columns: OVERVIEW_COLUMNS,
  rows: [
    { id: MERIDIAN.id, label: MERIDIAN.name, cells: [12, 30, 41, 2175.5, 72.456, 98, '2026-03-04T10:15:00Z'], started: true },
    { id: ORBIS.id, label: ORBIS.name, cells: [3, 0, 0, 0, null, 0, null], started: true },
  ],
  total: 2,
  page: 1,
  per_page: 25,
};

export function overview(group: 'company' | 'batch' | 'trainee' | 'level', rows: ScoreReport['rows']): ScoreReport {
  const header = { company: 'Company', batch: 'Batch', trainee: 'Trainee', level: 'Level' }[group];
  return { ...COMPANY_OVERVIEW, group, row_header: header, rows, total: rows.length };
}

export const SKILL_REPORT: ScoreReport = {
  group: 'trainee',
  row_header: 'Trainee',
  columns: SKILLS.map(({ id, name }) => ({ key: id, label: name, unit: 'percent' })),
  rows: [
    { id: ROHAN.id, label: ROHAN.name, cells: [80, 60, null], started: true },
    { id: 'a0000000-0000-4000-8000-000000000002', label: 'Mei Chen', cells: [40, 90, 70], started: true },
  ],
  total: 2,
  page: 1,
  per_page: 25,
};

export const ATTEMPTS_REPORT: ScoreReport = {
  group: 'level',
  row_header: 'Level',
  columns: [
    { key: 'trainee', label: 'Trainee', unit: 'text' },
    { key: 'difficulty', label: 'Difficulty', unit: 'text' },
    { key: 'approach', label: 'Approach', unit: 'text' },
    { key: 'score', label: 'Score', unit: 'points' },
    { key: 'max_score', label: 'Maximum', unit: 'points' },
    { key: 'percent', label: 'Percent', unit: 'percent' },
    { key: 'duration', label: 'Duration (s)', unit: 'count' },
    { key: 'completed_at', label: 'Completed', unit: 'time' },
  ],
  rows: [
    {
      id: '90000000-0000-4000-8000-000000000001',
      label: '1.1 Meet the team',
      cells: [ROHAN.name, 'Easy', 'Collaborative', 48, 60, 80, 312, '2026-03-04T10:15:00Z'],
      started: true,
    },
  ],
  total: 1,
  page: 1,
  per_page: 25,
};

/** What the screens asked for: each request's parameters, by path. */
/** A company's answer in words: falling, a weak skill below its cohort, two of five quiet. */
export const INSIGHT: ReportInsight = {
  score: 71.1,
  period_from: '2026-10-30',
  period_to: '2026-11-28',
  change: -3.25,
  weakest_skill: { id: 's0000000-0000-4000-8000-000000000001', name: 'Negotiation', score: 49.3, cohort: 58 },
  strongest_skill: { id: 's0000000-0000-4000-8000-000000000002', name: 'Listening', score: 81.2, cohort: null },
  weakest_level: { id: 'l0000000-0000-4000-8000-000000000001', name: '1.2 The missing delivery', score: 52, cohort: 60 },
  strongest_level: null,
  trainees: 5,
  quiet: 2,
  quiet_days: 14,
};

export interface Asked {
  insight: Record<string, string>[];
  report: Record<string, string>[];
  csv: Record<string, string>[];
  xlsx: Record<string, string>[];
  users: Record<string, string>[];
}

export const WORKBOOK_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xde, 0xad, 0xbe, 0xef]);
export const CSV = 'Company,Score\nMeridian Bank,72.5\n';

const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 200 });
const paramsOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** Answers the report with `answer` for the parameters asked (COMPANY_OVERVIEW by default). */
export function answerReports(answer: (params: Record<string, string>) => ScoreReport = () => COMPANY_OVERVIEW): Asked {
  const asked: Asked = { insight: [], report: [], csv: [], xlsx: [], users: [] };
  apiServer.use(
    http.get('/api/v1/reports/insight', ({ request }) => {
      asked.insight.push(paramsOf(request));
      return HttpResponse.json(INSIGHT);
    }),
    http.get('/api/v1/reports/scores', ({ request }) => {
      const params = paramsOf(request);
      asked.report.push(params);
      return HttpResponse.json(answer(params));
    }),
    http.get('/api/v1/reports/scores/export.csv', ({ request }) => {
      asked.csv.push(paramsOf(request));
      return new HttpResponse(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
    http.get('/api/v1/reports/scores/export.xlsx', ({ request }) => {
      asked.xlsx.push(paramsOf(request));
      return new HttpResponse(WORKBOOK_BYTES, {
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    }),
    http.get('/api/v1/companies', () => page([MERIDIAN, ORBIS])),
    http.get('/api/v1/batches', () => page([COHORT])),
    http.get('/api/v1/users', ({ request }) => {
      asked.users.push(paramsOf(request));
      return page([ROHAN]);
    }),
    http.get('/api/v1/users/:id', ({ params }) =>
      params.id === ROHAN.id ? HttpResponse.json(ROHAN) : new HttpResponse(null, { status: 404 }),
    ),
    http.get('/api/v1/catalogue', () => HttpResponse.json(CATALOGUE)),
  );
  return asked;
}
