// The score report's screens, as the seed names them: each path fixes the report's view (and for
// some its measure or what a row is); everything else — the filters, the sorting, the page —
// lives in the URL, so a view can be bookmarked and shared. This module turns the two into the
// API's parameters, and says where a row drills down to.
import type {
  ExportScoreReportCsvParams,
  GetReportInsightParams,
  GetScoreReportAttempt,
  GetScoreReportGroup,
  GetScoreReportMeasure,
  GetScoreReportParams,
  GetScoreReportView,
  ReportGroup,
} from '@/api/gen/playtrack.schemas';
import type { ListParams } from '@/components/server-data-grid';
import type { Role } from '@/lib/session';

export type Prefix = 'main' | 'companyadmin' | 'user';
export type Measure = GetScoreReportMeasure;
export type Attempt = GetScoreReportAttempt;
/** What a row is, as the reader may choose it (`all`, one row of everything, is the dashboards'). */
export type Group = Exclude<GetScoreReportGroup, 'all'>;

/** The screens of one kind, shown as tabs of the page. */
export type Family = 'score' | 'userdetails' | 'viewlevel' | 'chapterwise';
/** A screen's tab within its family (a measure's two screens share one). */
export type Tab = 'overview' | 'skill' | 'difficulty' | 'level' | 'approach' | 'attempts' | 'chapter';
/** Keys of `reports:titles.*`. */
export type TitleKey =
  | 'score'
  | 'scoreAbsolute'
  | 'skill'
  | 'difficulty'
  | 'level'
  | 'approach'
  | 'attempts'
  | 'userLevels'
  | 'userApproach'
  | 'viewlevel'
  | 'viewlevelAbsolute'
  | 'chapterwise'
  | 'chapterwiseAbsolute';

export interface ReportScreen {
  /** Below the role's prefix: `score/skill`. */
  path: string;
  family: Family;
  tab: Tab;
  view: GetScoreReportView;
  measure: Measure;
  /** What a row is, when the screen fixes it; else the URL's `group`, or the server's choice. */
  group?: Group;
  title: TitleKey;
  /** Only under /main and /companyadmin. */
  adminsOnly?: boolean;
}

export const REPORT_SCREENS: readonly ReportScreen[] = [
  { path: 'score', family: 'score', tab: 'overview', view: 'overview', measure: 'percent', title: 'score' },
  { path: 'score/absolute', family: 'score', tab: 'overview', view: 'overview', measure: 'absolute', title: 'scoreAbsolute' },
  { path: 'score/skill', family: 'score', tab: 'skill', view: 'skill', measure: 'percent', title: 'skill', adminsOnly: true },
  {
    path: 'score/difficulty',
    family: 'score',
    tab: 'difficulty',
    view: 'difficulty',
    measure: 'percent',
    title: 'difficulty',
    adminsOnly: true,
  },
  { path: 'score/lor', family: 'score', tab: 'level', view: 'level', measure: 'percent', title: 'level', adminsOnly: true },
  { path: 'score/approach', family: 'score', tab: 'approach', view: 'approach', measure: 'percent', title: 'approach', adminsOnly: true },
  { path: 'userdetails', family: 'userdetails', tab: 'attempts', view: 'attempts', measure: 'percent', title: 'attempts' },
  {
    path: 'userdetails/absolute',
    family: 'userdetails',
    tab: 'level',
    view: 'overview',
    group: 'level',
    measure: 'absolute',
    title: 'userLevels',
  },
  {
    path: 'userdetails/approach',
    family: 'userdetails',
    tab: 'approach',
    view: 'approach',
    group: 'level',
    measure: 'percent',
    title: 'userApproach',
  },
  { path: 'viewlevel', family: 'viewlevel', tab: 'overview', view: 'overview', group: 'level', measure: 'percent', title: 'viewlevel' },
  {
    path: 'viewlevel/absolute',
    family: 'viewlevel',
    tab: 'overview',
    view: 'overview',
    group: 'level',
    measure: 'absolute',
    title: 'viewlevelAbsolute',
  },
  { path: 'chapterwise', family: 'chapterwise', tab: 'chapter', view: 'chapter', measure: 'percent', title: 'chapterwise' },
  {
    path: 'chapterwise/absolute',
    family: 'chapterwise',
    tab: 'chapter',
    view: 'chapter',
    measure: 'absolute',
    title: 'chapterwiseAbsolute',
  },
];

export const FAMILIES: readonly Family[] = ['score', 'userdetails', 'viewlevel', 'chapterwise'];

/** The screens under a role's prefix. */
export function screensOf(prefix: Prefix): ReportScreen[] {
  return REPORT_SCREENS.filter((screen) => prefix !== 'user' || !screen.adminsOnly);
}

/** The screen a tab leads to: the one of the same measure where there is one. */
export function screenOf(prefix: Prefix, family: Family, tab: Tab, measure: Measure): ReportScreen | undefined {
  const candidates = screensOf(prefix).filter((screen) => screen.family === family && screen.tab === tab);
  return candidates.find((screen) => screen.measure === measure) ?? candidates[0];
}

/** The same screen in the other measure (`score` ↔ `score/absolute`), where the seed has both. */
export function otherMeasure(prefix: Prefix, screen: ReportScreen): ReportScreen | undefined {
  return screensOf(prefix).find(
    (other) => other.family === screen.family && other.tab === screen.tab && other.measure !== screen.measure,
  );
}

/** Every filter the URL may hold, besides the list's paging, sorting and search. */
export const FILTERS = ['company', 'batch', 'user', 'chapter', 'level', 'from', 'to', 'attempt', 'group'] as const;
export type Filter = (typeof FILTERS)[number];

/** How many of the filters shown are set (the "n" of a phone's "Filters (n)"). */
export function activeFilterCount(shown: ReadonlySet<Filter>, value: (key: Filter) => string): number {
  return FILTERS.filter((key) => shown.has(key) && value(key) !== '').length;
}

export const ATTEMPTS: readonly Attempt[] = ['best', 'latest', 'first', 'average'];
export const DEFAULT_ATTEMPT: Attempt = 'best';

/** The row groupings a role may ask for (a company admin has one company; a trainee sees
 * themself as one row, or their levels). */
export function groupsOf(role: Role): Group[] {
  if (role === 'SUPER_ADMIN') return ['company', 'batch', 'trainee', 'level'];
  if (role === 'COMPANY_ADMIN') return ['batch', 'trainee', 'level'];
  return ['trainee', 'level'];
}

/** The filters that make sense for a role on a screen (the server scopes the rest anyway). */
export function filtersOf(screen: ReportScreen, role: Role): Set<Filter> {
  const shown = new Set<Filter>(['chapter', 'level', 'from', 'to']);
  if (role === 'SUPER_ADMIN') shown.add('company');
  if (role !== 'USER') {
    shown.add('batch');
    shown.add('user');
  }
  // The attempts view lists every attempt, one per row: none is picked, nothing is grouped.
  if (screen.view !== 'attempts') {
    shown.add('attempt');
    if (screen.group === undefined && role !== 'USER') shown.add('group');
  }
  return shown;
}

/** Whether the URL may say what a row is: where the screen does not, and rows are grouped at all
 * (a trainee has no select for it, but a link may ask for their own row). */
function groupable(screen: ReportScreen): boolean {
  return screen.group === undefined && screen.view !== 'attempts';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the report is of: the screen's fixed parameters and the URL's filters the role may set.
 * A value the server would refuse (an old or edited link) is left out rather than sent. */
export function reportFilters(screen: ReportScreen, role: Role, search: URLSearchParams): ExportScoreReportCsvParams {
  const shown = filtersOf(screen, role);
  const value = (key: Filter, pattern: RegExp) => {
    const text = search.get(key) ?? '';
    return shown.has(key) && pattern.test(text) ? text : undefined;
  };
  const attempt = search.get('attempt') as Attempt | null;
  const group = search.get('group') as Group | null;
  return {
    view: screen.view,
    measure: screen.measure,
    group: screen.group ?? (groupable(screen) && group !== null && groupsOf(role).includes(group) ? group : undefined),
    attempt: shown.has('attempt') && attempt !== null && ATTEMPTS.includes(attempt) ? attempt : undefined,
    company: value('company', UUID),
    batch: value('batch', UUID),
    user: value('user', UUID),
    chapter: value('chapter', UUID),
    level: value('level', UUID),
    from: value('from', DAY),
    to: value('to', DAY),
  };
}

/** Drops the parameters left undefined, so a request or a URL names only what is set. */
function defined<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** One page of the report, as the table asks for it. */
export function reportQuery(
  screen: ReportScreen,
  role: Role,
  search: URLSearchParams,
  list: ListParams,
): GetScoreReportParams {
  return defined({ ...reportFilters(screen, role, search), ...listQuery(screen, list), page: list.page, per_page: list.per_page });
}

/** The selection the answer in words sums up: the report's filters, without paging or sorting. */
export function insightQuery(screen: ReportScreen, role: Role, search: URLSearchParams): GetReportInsightParams {
  return defined(reportFilters(screen, role, search));
}

/** The whole report in the table's order, for an export (no paging). */
export function exportQuery(
  screen: ReportScreen,
  role: Role,
  search: URLSearchParams,
  list: ListParams,
): ExportScoreReportCsvParams {
  return defined({ ...reportFilters(screen, role, search), ...listQuery(screen, list) });
}

/** The columns the attempts view sorts by (the others keep its newest-first order). */
export const ATTEMPT_SORTS = ['score', 'percent', 'duration', 'completed_at'];

function listQuery(screen: ReportScreen, list: ListParams) {
  // The attempts view searches no names.
  return { sort: list.sort, order: list.order, q: screen.view === 'attempts' ? undefined : list.q };
}

function withQuery(path: string, search: URLSearchParams): string {
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** The URL of another screen of the report with the same filters; its columns differ, so the
 * page and the sorting start again. */
export function screenPath(prefix: Prefix, screen: ReportScreen, search: URLSearchParams): string {
  const next = new URLSearchParams(search);
  for (const key of ['page', 'sort', 'order']) next.delete(key);
  if (screen.group !== undefined) next.delete('group');
  return withQuery(`/${prefix}/${screen.path}`, next);
}

/** Where a row leads: a company to its batches, a batch to its trainees (the same view, the
 * other filters kept), a trainee to their attempts. Levels and attempts lead nowhere. */
export function drillPath(
  prefix: Prefix,
  screen: ReportScreen,
  group: ReportGroup,
  id: string,
  search: URLSearchParams,
): string | null {
  if (group === 'trainee') {
    if (prefix === 'user') return null;
    const next = new URLSearchParams({ user: id });
    for (const key of ['chapter', 'level', 'from', 'to'] as const) {
      const value = search.get(key);
      if (value) next.set(key, value);
    }
    return withQuery(`/${prefix}/userdetails`, next);
  }
  if ((group !== 'company' && group !== 'batch') || screen.group !== undefined) return null;
  const next = new URLSearchParams(search);
  // Other rows now: their page and names are not these.
  for (const key of ['page', 'q', 'user']) next.delete(key);
  if (group === 'company') {
    next.delete('batch');
    next.set('company', id);
    next.set('group', 'batch');
  } else {
    next.set('batch', id);
    next.set('group', 'trainee');
  }
  return withQuery(`/${prefix}/${screen.path}`, next);
}
