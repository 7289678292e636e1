import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScoreReport } from '@/api/gen/playtrack.schemas';
import { i18n } from '@/lib/i18n';
import type { Role } from '@/lib/session';
import { formatsFor } from '@/lib/formats';
import { renderApp, TEST_USER } from '@/testing/render-app';
import {
  answerReports,
  ATTEMPTS_REPORT,
  CHAPTER_ID,
  LEVEL_ID,
  OTHER_LEVEL_ID,
  COHORT,
  COMPANY_OVERVIEW,
  CSV,
  MERIDIAN,
  overview,
  ROHAN,
  SKILL_REPORT,
  WORKBOOK_BYTES,
} from '../testing/fixtures';


const as = (role: Role) => ({ user: { ...TEST_USER, role } });
/** The URL's parameters, but the page size the grid writes there. */
function search(router: ReturnType<typeof renderApp>['router']): URLSearchParams {
  const params = new URLSearchParams(router.state.location.search);
  params.delete('per_page');
  return params;
}

async function openReport(url: string, role: Role = 'SUPER_ADMIN') {
  const user = userEvent.setup();
  const view = renderApp(url, as(role));
  const grid = await screen.findByRole('grid');
  return { user, grid, ...view };
}

/** The texts of a grid's data row, cell by cell. */
function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The overview as one page of many (a page the grid would otherwise take for past the end). */
const MANY = () => ({ ...COMPANY_OVERVIEW, total: 120 });

describe('the score report', () => {
  it("asks for the URL's view, filters, page and sorting, and shows the cells by unit", async () => {
    const asked = answerReports(MANY);
    const url =
      `/main/score?company=${MERIDIAN.id}&chapter=${CHAPTER_ID}&from=2026-01-01&to=2026-03-31` +
      '&attempt=latest&page=2&per_page=10&sort=score&order=desc&q=mer';
    const { grid, router } = await openReport(url);

    expect(screen.getByRole('heading', { level: 1, name: 'Scores' })).toBeInTheDocument();
    expect(asked.report[0]).toEqual({
      view: 'overview',
      measure: 'percent',
      company: MERIDIAN.id,
      chapter: CHAPTER_ID,
      from: '2026-01-01',
      to: '2026-03-31',
      attempt: 'latest',
      page: '2',
      per_page: '10',
      sort: 'score',
      order: 'desc',
      q: 'mer',
    });
    const row = (await within(grid).findByRole('link', { name: MERIDIAN.name })).closest<HTMLElement>('[role="row"]');
    if (!row) throw new Error('Meridian Bank is not in a row');
    const played = formatsFor('en').dateTime('2026-03-04T10:15:00Z');
    expect(cellsOf(row)).toEqual(['Meridian Bank', '12', '30', '41', '2,175.5', '72.5%', '98.0%', played]);
    // Nothing played: empty cells, not zeros.
    const orbis = within(grid).getByRole('link', { name: 'Orbis Retail' }).closest<HTMLElement>('[role="row"]');
    expect(cellsOf(orbis ?? row).slice(5, 8)).toEqual(['', '0.0%', '']);
    expect(within(grid).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('mer');
    expect(screen.getByRole('figure', { name: 'How many rows on this page score in each band' })).toBeInTheDocument();
    // The grid learnt the sort column from the answer, and kept the URL's order and page.
    expect(within(grid).getByRole('columnheader', { name: /Score/ })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe(url.slice(url.indexOf('?')));
  });

  it('keeps every filter change in the URL, back on the first page', async () => {
    const asked = answerReports(MANY);
    const { user, router } = await openReport(`/main/score?page=3&batch=${COHORT.id}&user=${ROHAN.id}`);
    // The trainee of the URL is named.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trainee' })).toHaveValue(ROHAN.name));

    await pick(user, 'Attempt counted', 'Latest');
    expect(search(router).get('attempt')).toBe('latest');
    expect(search(router).has('page')).toBe(false);
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ attempt: 'latest', page: '1' }));

    // Another company: its batches and trainees are other ones.
    await pick(user, 'Company', MERIDIAN.name);
    expect(Object.fromEntries(search(router))).toEqual({ attempt: 'latest', company: MERIDIAN.id });

    await pick(user, 'Rows', 'Batches');
    expect(search(router).get('group')).toBe('batch');
    await pick(user, 'Chapter', '1 First day on the floor');
    await pick(user, 'Level', '1.2 The missing delivery');
    expect(search(router).get('level')).toBe('e0000000-0000-4000-8000-000000000002');
    await waitFor(() =>
      expect(asked.report.at(-1)).toMatchObject({ company: MERIDIAN.id, group: 'batch', chapter: CHAPTER_ID, level: 'e0000000-0000-4000-8000-000000000002' }),
    );

    // The best attempt is the server's default and stays out of the URL.
    await pick(user, 'Attempt counted', 'Best');
    expect(search(router).has('attempt')).toBe(false);

  });

  it('takes a day once it is whole, and clears every filter at once', async () => {
    const asked = answerReports(MANY);
    const { user, router } = await openReport(`/main/score?page=2&group=trainee`);

    await user.click(within(screen.getByRole('group', { name: 'From' })).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('0102');
    expect(search(router).has('from')).toBe(false);
    await user.keyboard('2026');
    expect(search(router).get('from')).toBe('2026-02-01');
    expect(search(router).has('page')).toBe(false);
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ from: '2026-02-01', group: 'trainee', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search(router).toString()).toBe('');
    await waitFor(() => expect(asked.report.at(-1)).toEqual({ view: 'overview', measure: 'percent', page: '1', per_page: '25' }));
  });

  it('drills down from companies to batches, trainees and a trainee’s attempts', async () => {
    const skills = (group: ScoreReport['group'], id: string, label: string): ScoreReport => ({
      ...SKILL_REPORT,
      group,
      row_header: group,
      rows: [{ id, label, cells: [80, 60, 70], started: true }],
    });
    const asked = answerReports((params) => {
      if (params.view === 'attempts') return ATTEMPTS_REPORT;
      if (params.group === 'trainee') return skills('trainee', ROHAN.id, ROHAN.name);
      if (params.group === 'batch') return skills('batch', COHORT.id, COHORT.name);
      return skills('company', MERIDIAN.id, MERIDIAN.name);
    });
    const { user, router } = await openReport('/main/score/skill?from=2026-01-01');

    await user.click(await screen.findByRole('link', { name: MERIDIAN.name }));
    expect(router.state.location.pathname).toBe('/main/score/skill');
    expect(Object.fromEntries(search(router))).toEqual({ from: '2026-01-01', company: MERIDIAN.id, group: 'batch' });

    await user.click(await screen.findByRole('link', { name: COHORT.name }));
    expect(Object.fromEntries(search(router))).toEqual({
      from: '2026-01-01',
      company: MERIDIAN.id,
      group: 'trainee',
      batch: COHORT.id,
    });
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ view: 'skill', batch: COHORT.id, group: 'trainee' }));

    await user.click(await screen.findByRole('link', { name: ROHAN.name }));
    expect(router.state.location.pathname).toBe('/main/userdetails');
    expect(Object.fromEntries(search(router))).toEqual({ user: ROHAN.id, from: '2026-01-01' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attempts' })).toBeInTheDocument();
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ view: 'attempts', user: ROHAN.id, from: '2026-01-01' }));

    // An attempt leads nowhere.
    const grid = screen.getByRole('grid');
    expect(await within(grid).findByText('1.1 Meet the team')).toBeInTheDocument();
    expect(within(grid).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /^Average score of the attempts on this page, per day/ })).toBeInTheDocument();
  });

  it('downloads the view with its filters, sorting and search, as CSV and as a workbook', async () => {
    const asked = answerReports();
    const saved: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await openReport(`/main/score/skill?company=${MERIDIAN.id}&page=2&sort=name&order=desc&q=mer`);
    const expected = { view: 'skill', measure: 'percent', company: MERIDIAN.id, sort: 'name', order: 'desc', q: 'mer' };

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(asked.csv).toEqual([expected]);
    expect(names[0]).toMatch(/^playtrack-score-skill-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await saved[0]?.text()).toBe(CSV);

    await user.click(screen.getByRole('button', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(asked.xlsx).toEqual([expected]);
    expect(names[1]).toMatch(/^playtrack-score-skill-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(new Uint8Array(await (saved[1] ?? new Blob()).arrayBuffer())).toEqual(WORKBOOK_BYTES);
    click.mockRestore();
  });

  it('moves between views and measures, keeping the filters', async () => {
    const asked = answerReports((params) => (params.view === 'skill' ? SKILL_REPORT : MANY()));
    const { user, router } = await openReport(`/main/score?company=${MERIDIAN.id}&page=2&sort=score`);

    await user.click(screen.getByRole('tab', { name: 'Skills' }));
    expect(router.state.location.pathname).toBe('/main/score/skill');
    expect(search(router).toString()).toBe(`company=${MERIDIAN.id}`);
    expect(await screen.findByRole('figure', { name: /Score per skill of the first five rows/ })).toBeInTheDocument();
    // The page's average is lowest in Negotiation (80 and 40): the radar names it.
    expect(await screen.findByText(/^Weakest skill: Negotiation \(60/)).toBeInTheDocument();
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ view: 'skill', company: MERIDIAN.id, page: '1' }));

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: 'In points' }));
    expect(router.state.location.pathname).toBe('/main/score/absolute');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scores in points' })).toBeInTheDocument();
    await waitFor(() => expect(asked.report.at(-1)).toMatchObject({ view: 'overview', measure: 'absolute' }));

    await user.click(screen.getByRole('tab', { name: 'Chapters' }));
    expect(router.state.location.pathname).toBe('/main/chapterwise');
    // Its one view needs no tabs of its own.
    expect(screen.queryByRole('tablist', { name: 'Views' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In percent' })).toHaveAttribute('aria-pressed', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the filters of each role', () => {
  const ALL = ['Company', 'Batch', 'Trainee', 'Chapter', 'Level', 'Attempt counted', 'Rows'];
  const filterNames = () => {
    const filters = within(screen.getByRole('group', { name: 'Filters' }));
    return ALL.filter((name) => filters.queryByRole('combobox', { name }) !== null);
  };

  it('offers the super admin the company, batch and trainee', async () => {
    answerReports();
    await openReport('/main/score');
    expect(filterNames()).toEqual(['Company', 'Batch', 'Trainee', 'Chapter', 'Level', 'Attempt counted', 'Rows']);
  });

  it('offers a company admin their batches and trainees, not companies', async () => {
    const asked = answerReports(() => overview('trainee', [{ id: ROHAN.id, label: ROHAN.name, cells: COMPANY_OVERVIEW.rows[0]?.cells ?? [], started: true }]));
    await openReport(`/companyadmin/score?company=${MERIDIAN.id}`, 'COMPANY_ADMIN');
    expect(filterNames()).toEqual(['Batch', 'Trainee', 'Chapter', 'Level', 'Attempt counted', 'Rows']);
    await pickGroupOptions(['Automatic', 'Batches', 'Trainees', 'Levels']);
    expect(asked.report[0]).not.toHaveProperty('company');
    expect(await screen.findByRole('link', { name: ROHAN.name })).toHaveAttribute(
      'href',
      `/companyadmin/userdetails?user=${ROHAN.id}`,
    );
  });

  it('opens with the answer in words: the score and its fall, the weakest skill beside its cohort, who is quiet', async () => {
    const asked = answerReports();
    await openReport(`/companyadmin/score?company=${MERIDIAN.id}&batch=${COHORT.id}`, 'COMPANY_ADMIN');
    const summary = await screen.findByRole('region', { name: 'The selection in brief' });
    expect(summary).toHaveTextContent('71.1%');
    expect(summary).toHaveTextContent('▼ 3.3 pts on the period before');
    expect(summary).toHaveTextContent('Weakest skillNegotiation 49.3% (cohort 58.0%)');
    expect(summary).toHaveTextContent('Quiet for 14 days2 of 5 trainees');
    expect(asked.insight.at(-1)).toEqual({ view: 'overview', measure: 'percent', batch: COHORT.id });
  });

  it('says when the newest scores are still being counted, and asks again until they are', async () => {
    const asOf = '2026-03-04T10:15:00Z';
    let answers = 0;
    const asked = answerReports(() => ({ ...COMPANY_OVERVIEW, as_of: answers++ === 0 ? asOf : null }));
    await openReport(`/companyadmin/score?company=${MERIDIAN.id}`, 'COMPANY_ADMIN');
    const time = formatsFor('en').dateTime(asOf);
    const notice = await screen.findByText(`Counting the newest scores: these figures include every score received before ${time} and update by themselves.`);
    await waitFor(() => expect(notice).not.toBeInTheDocument());
    expect(asked.report).toHaveLength(2);
  });

  it('lists a trainee who has not started, marked so, with empty cells', async () => {
    const idle = { id: 'a0000000-0000-4000-8000-000000000009', label: 'Nina Ortiz', cells: COMPANY_OVERVIEW.columns.map(() => null), started: false };
    answerReports(() => overview('trainee', [{ id: ROHAN.id, label: ROHAN.name, cells: COMPANY_OVERVIEW.rows[0]?.cells ?? [], started: true }, idle]));
    await openReport(`/companyadmin/score?company=${MERIDIAN.id}`, 'COMPANY_ADMIN');
    const row = (await screen.findByText('Nina Ortiz')).closest('[role="row"]');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Not started')).toBeInTheDocument();
    expect(cellsOf(row as HTMLElement).slice(1).every((cell) => cell === '')).toBe(true);
    const rohan = (await screen.findByRole('link', { name: ROHAN.name })).closest('[role="row"]');
    expect(within(rohan as HTMLElement).queryByText('Not started')).not.toBeInTheDocument();
  });

  it('offers a trainee only their chapters, levels, days and attempt, and sends no one else', async () => {
    const asked = answerReports(() => overview('level', [{ id: 'e0000000-0000-4000-8000-000000000001', label: '1.1 Meet the team', cells: [], started: true }]));
    await openReport(`/user/score?company=${MERIDIAN.id}&user=${ROHAN.id}&batch=${COHORT.id}&group=company`, 'USER');
    expect(filterNames()).toEqual(['Chapter', 'Level', 'Attempt counted']);
    expect(asked.report[0]).toEqual({ view: 'overview', measure: 'percent', page: '1', per_page: '25' });
    // Their own levels lead nowhere; their screens are the scores, details, levels and chapters.
    expect(await screen.findByText('1.1 Meet the team')).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Scores', 'Trainee details', 'Levels', 'Chapters']);
  });
});

/** The row groupings the Rows select offers. */
async function pickGroupOptions(expected: string[]) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Rows' }));
  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(expected);
  await user.keyboard('{Escape}');
}

describe('the chart in Arabic', () => {
  it('runs right to left: the value axis on the right', async () => {
    answerReports(() => ({ ...SKILL_REPORT, columns: SKILL_REPORT.columns.map((column) => ({ ...column })) }));
    await i18n.changeLanguage('ar');
    await openReport('/main/chapterwise');
    expect(await screen.findByRole('heading', { level: 1, name: 'النتائج حسب الفصل' })).toBeInTheDocument();
    const figure = screen.getByRole('figure', { name: 'متوسط النتيجة لكل فصل على صفوف هذه الصفحة' });
    expect(figure.querySelector('.MuiChartsAxis-directionY')).toHaveClass('MuiChartsAxis-right');
  });
});

describe('a report with nothing to show', () => {
  it('says so once in the chart and once in the table, with no bare axes', async () => {
    answerReports(() => ({ ...SKILL_REPORT, columns: [{ key: 'easy', label: 'Easy', unit: 'percent' }], rows: [], total: 0 }));
    await openReport('/main/score/difficulty');
    const figure = await screen.findByRole('figure', { name: /^Score by difficulty/ });
    expect(within(figure).getByText('No scores to show')).toBeInTheDocument();
    expect(figure.querySelector('svg.MuiChartsSurface-root')).toBeNull();
    expect(await within(screen.getByRole('grid')).findByText('No scores to show')).toBeInTheDocument();
  });
});

describe('a difficulty view of many rows', () => {
  it('shows a heat-map table of the scores rather than bars too thin to read', async () => {
    const columns = ['easy', 'medium', 'hard'].map((key) => ({ key, label: key, unit: 'percent' as const }));
    const rows = Array.from({ length: 13 }, (_row, index) => ({ id: `row-${index}`, label: `Trainee ${index}`, cells: [90, 55.5, null], started: true }));
    answerReports(() => ({ ...SKILL_REPORT, columns, rows, total: rows.length }));
    await openReport('/main/score/difficulty');
    const figure = await screen.findByRole('figure', { name: /^Score by difficulty/ });
    const table = within(figure).getByRole('table', { name: /^Score by difficulty/ });
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(within(within(table).getByRole('rowheader', { name: 'Trainee 0' }).closest('tr') ?? table).getByText('55.5%')).toBeInTheDocument();
    expect(figure.querySelector('svg.MuiChartsSurface-root')).toBeNull();
  });
});

describe('a view with a column per level', () => {
  it('groups the levels under their chapter, each level’s whole name in its header’s title', async () => {
    const columns = [
      { key: LEVEL_ID, label: '1.1 Meet the team', unit: 'percent' as const },
      { key: OTHER_LEVEL_ID, label: '1.2 The missing delivery', unit: 'percent' as const },
    ];
    answerReports(() => ({ ...SKILL_REPORT, columns, rows: [{ id: ROHAN.id, label: ROHAN.name, cells: [80, null], started: true }], total: 1 }));
    const { grid } = await openReport('/main/score/lor');
    const chapter = await within(grid).findByRole('columnheader', { name: '1 First day on the floor' });
    // The chapter's header spans its two levels.
    expect(chapter).toHaveAttribute('aria-colspan', '2');
    expect(within(grid).getByRole('columnheader', { name: '1.2 The missing delivery' })).toBeInTheDocument();
    expect(within(grid).getByTitle('1.2 The missing delivery')).toBeInTheDocument();
  });
});
