import type { ListParams } from '@/components/server-data-grid';
import {
  drillPath,
  exportQuery,
  activeFilterCount,
  filtersOf,
  otherMeasure,
  type Prefix,
  REPORT_SCREENS,
  type ReportScreen,
  reportQuery,
  screenOf,
  screenPath,
  screensOf,
} from './report-screens';

const COMPANY = 'c0000000-0000-4000-8000-000000000001';
const BATCH = 'b0000000-0000-4000-8000-000000000001';
const USER = 'a0000000-0000-4000-8000-000000000001';
const CHAPTER = 'd0000000-0000-4000-8000-000000000001';
const LEVEL = 'e0000000-0000-4000-8000-000000000001';
const FIRST_PAGE: ListParams = { page: 1, per_page: 25 };

function screen(path: string): ReportScreen {
  const found = REPORT_SCREENS.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no screen ${path}`);
  return found;
}

describe('the report screens', () => {
  it.each<[string, Record<string, string>]>([
    ['score', { view: 'overview', measure: 'percent' }],
    ['score/absolute', { view: 'overview', measure: 'absolute' }],
    ['score/skill', { view: 'skill', measure: 'percent' }],
    ['score/difficulty', { view: 'difficulty', measure: 'percent' }],
    ['score/lor', { view: 'level', measure: 'percent' }],
    ['score/approach', { view: 'approach', measure: 'percent' }],
    ['userdetails', { view: 'attempts', measure: 'percent' }],
    ['userdetails/absolute', { view: 'overview', group: 'level', measure: 'absolute' }],
    ['userdetails/approach', { view: 'approach', group: 'level', measure: 'percent' }],
    ['viewlevel', { view: 'overview', group: 'level', measure: 'percent' }],
    ['viewlevel/absolute', { view: 'overview', group: 'level', measure: 'absolute' }],
    ['chapterwise', { view: 'chapter', measure: 'percent' }],
    ['chapterwise/absolute', { view: 'chapter', measure: 'absolute' }],
  ])('%s asks for %o', (path, fixed) => {
    expect(reportQuery(screen(path), 'SUPER_ADMIN', new URLSearchParams(), FIRST_PAGE)).toEqual({
      ...fixed,
      page: 1,
      per_page: 25,
    });
  });

  it.each<[Prefix, number]>([
    ['main', 13],
    ['companyadmin', 13],
    ['user', 9],
  ])('under /%s are %i screens', (prefix, count) => {
    expect(screensOf(prefix)).toHaveLength(count);
  });

  it("gives a trainee their scores, details, levels and chapters, not the admins' breakdowns", () => {
    expect(screensOf('user').map((each) => each.path)).toEqual([
      'score',
      'score/absolute',
      'userdetails',
      'userdetails/absolute',
      'userdetails/approach',
      'viewlevel',
      'viewlevel/absolute',
      'chapterwise',
      'chapterwise/absolute',
    ]);
  });

  it('pairs the screens of the two measures, and finds a tab of the same measure', () => {
    expect(otherMeasure('main', screen('score'))?.path).toBe('score/absolute');
    expect(otherMeasure('main', screen('chapterwise/absolute'))?.path).toBe('chapterwise');
    expect(otherMeasure('main', screen('score/skill'))).toBeUndefined();
    expect(otherMeasure('main', screen('userdetails/absolute'))).toBeUndefined();
    expect(screenOf('main', 'score', 'overview', 'absolute')?.path).toBe('score/absolute');
    expect(screenOf('main', 'score', 'skill', 'absolute')?.path).toBe('score/skill');
  });
});

describe('the URL as API parameters', () => {
  const everything = new URLSearchParams({
    company: COMPANY,
    batch: BATCH,
    user: USER,
    chapter: CHAPTER,
    level: LEVEL,
    from: '2026-01-01',
    to: '2026-03-31',
    attempt: 'latest',
    group: 'batch',
  });
  const list: ListParams = { page: 3, per_page: 50, sort: 'score', order: 'desc', q: 'mer' };

  it('sends every filter, the page, the sorting and the search of the super admin', () => {
    expect(reportQuery(screen('score'), 'SUPER_ADMIN', everything, list)).toEqual({
      view: 'overview',
      measure: 'percent',
      company: COMPANY,
      batch: BATCH,
      user: USER,
      chapter: CHAPTER,
      level: LEVEL,
      from: '2026-01-01',
      to: '2026-03-31',
      attempt: 'latest',
      group: 'batch',
      page: 3,
      per_page: 50,
      sort: 'score',
      order: 'desc',
      q: 'mer',
    });
  });

  it('leaves out the company for a company admin, and the company, batch and trainee for a trainee', () => {
    const admin = reportQuery(screen('score'), 'COMPANY_ADMIN', everything, list);
    expect(admin).not.toHaveProperty('company');
    expect(admin).toMatchObject({ batch: BATCH, user: USER, group: 'batch' });
    const trainee = reportQuery(screen('score'), 'USER', everything, list);
    for (const key of ['company', 'batch', 'user', 'group']) expect(trainee).not.toHaveProperty(key);
    expect(trainee).toMatchObject({ chapter: CHAPTER, level: LEVEL, attempt: 'latest' });
    // A trainee's link may ask for their own row, or their levels.
    const own = new URLSearchParams({ group: 'trainee' });
    expect(reportQuery(screen('score'), 'USER', own, FIRST_PAGE)).toMatchObject({ group: 'trainee' });
  });

  it('keeps the grouping a screen fixes, and sends no grouping nor attempt pick for the attempts', () => {
    expect(reportQuery(screen('viewlevel'), 'SUPER_ADMIN', everything, list)).toMatchObject({ group: 'level' });
    const attempts = reportQuery(screen('userdetails'), 'SUPER_ADMIN', everything, list);
    expect(attempts).not.toHaveProperty('group');
    expect(attempts).not.toHaveProperty('attempt');
    // The attempts are not searched by name.
    expect(attempts).not.toHaveProperty('q');
    expect(attempts).toMatchObject({ view: 'attempts', user: USER, sort: 'score' });
  });

  it('leaves out what the server would refuse: a company admin grouping by company, and malformed values', () => {
    const odd = new URLSearchParams({ company: 'acme', from: '1/2/2026', attempt: 'worst', group: 'company', level: LEVEL });
    expect(reportQuery(screen('score'), 'COMPANY_ADMIN', odd, FIRST_PAGE)).toEqual({
      view: 'overview',
      measure: 'percent',
      level: LEVEL,
      page: 1,
      per_page: 25,
    });
  });

  it('exports the same report, sorted and searched alike, without paging', () => {
    expect(exportQuery(screen('score/skill'), 'SUPER_ADMIN', new URLSearchParams({ company: COMPANY }), list)).toEqual({
      view: 'skill',
      measure: 'percent',
      company: COMPANY,
      sort: 'score',
      order: 'desc',
      q: 'mer',
    });
  });

  it('offers each role only the filters that make sense for it', () => {
    const names = (set: Set<string>) => [...set].sort();
    expect(names(filtersOf(screen('score'), 'SUPER_ADMIN'))).toEqual(
      ['attempt', 'batch', 'chapter', 'company', 'from', 'group', 'level', 'to', 'user'].sort(),
    );
    expect(names(filtersOf(screen('score'), 'COMPANY_ADMIN'))).toEqual(
      ['attempt', 'batch', 'chapter', 'from', 'group', 'level', 'to', 'user'].sort(),
    );
    expect(names(filtersOf(screen('score'), 'USER'))).toEqual(['attempt', 'chapter', 'from', 'level', 'to'].sort());
    expect(names(filtersOf(screen('userdetails'), 'COMPANY_ADMIN'))).toEqual(
      ['batch', 'chapter', 'from', 'level', 'to', 'user'].sort(),
    );
  });
});

describe('drilling down', () => {
  const search = new URLSearchParams({ from: '2026-01-01', attempt: 'first', page: '2', q: 'mer', sort: 'score' });

  it('opens the batches of a company in the same view, with the other filters', () => {
    const path = drillPath('main', screen('score/skill'), 'company', COMPANY, search);
    expect(path).toBe(`/main/score/skill?from=2026-01-01&attempt=first&sort=score&company=${COMPANY}&group=batch`);
  });

  it('opens the trainees of a batch in the same view', () => {
    const inCompany = new URLSearchParams({ company: COMPANY, group: 'batch', user: USER });
    expect(drillPath('companyadmin', screen('score'), 'batch', BATCH, inCompany)).toBe(
      `/companyadmin/score?company=${COMPANY}&group=trainee&batch=${BATCH}`,
    );
  });

  it("opens a trainee's attempts, keeping the chapter, level and days", () => {
    const narrowed = new URLSearchParams({ company: COMPANY, chapter: CHAPTER, to: '2026-03-31', group: 'trainee' });
    expect(drillPath('companyadmin', screen('chapterwise'), 'trainee', USER, narrowed)).toBe(
      `/companyadmin/userdetails?user=${USER}&chapter=${CHAPTER}&to=2026-03-31`,
    );
  });

  it('leads nowhere from a level or an attempt', () => {
    expect(drillPath('main', screen('viewlevel'), 'level', LEVEL, search)).toBeNull();
    expect(drillPath('user', screen('score'), 'level', LEVEL, search)).toBeNull();
    expect(drillPath('main', screen('userdetails'), 'level', LEVEL, search)).toBeNull();
  });

  it('goes to another screen with the same filters, from its first page and in its own order', () => {
    expect(screenPath('main', screen('viewlevel'), new URLSearchParams({ company: COMPANY, group: 'batch', page: '3', sort: 'x' }))).toBe(
      `/main/viewlevel?company=${COMPANY}`,
    );
    expect(screenPath('main', screen('score/skill'), new URLSearchParams({ group: 'batch', q: 'mer' }))).toBe(
      '/main/score/skill?group=batch&q=mer',
    );
  });
});

describe('the count of a phone\'s "Filters (n)"', () => {
  const shown = filtersOf(screen('score'), 'COMPANY_ADMIN');

  it('counts the filters set among those shown', () => {
    const url = new URLSearchParams({ batch: 'b1', from: '2026-03-01', attempt: 'latest' });
    expect(activeFilterCount(shown, (key) => url.get(key) ?? '')).toBe(3);
  });

  it('counts no filter the screen does not show, nor the list\'s paging and search', () => {
    // A company admin has no company filter; a link may still carry one.
    const url = new URLSearchParams({ company: 'c1', page: '2', q: 'Rohan' });
    expect(activeFilterCount(shown, (key) => url.get(key) ?? '')).toBe(0);
  });
});
