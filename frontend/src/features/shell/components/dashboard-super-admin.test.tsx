import { screen, within } from '@testing-library/react';
import { renderApp, TEST_USER } from '@/testing/render-app';
import {
  ACTIVITY,
  answerDashboard,
  CATALOGUE,
  COMPANY_INSIGHT,
  EXPIRING,
  figure,
  rowsOf,
  section,
  SKILL_REPORT,
} from './dashboard-fixtures';


describe("the super admin's dashboard", () => {
  it('shows the companies, seats, trainees and attempts of the week, each leading to its screen', async () => {
    answerDashboard({ activity: ACTIVITY }, { 'skill/all': SKILL_REPORT });
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });
    for (const [label, value, path] of [
      ['Companies', '2', '/main/score'],
      ['Trainees', '12', '/main/score?group=trainee'],
      ['Seats sold', '20', '/main/licencesummary'],
      ['Seats assigned', '12', '/main/licencesummary'],
      ['Seats activated', '9', '/main/licencesummary'],
      ['Seats expiring within 30 days', '4', '/main/licencesummary'],
    ] as const) {
      const card = await figure(label, value);
      expect(card).toHaveAttribute('href', path);
    }
    const week = await figure('Attempts this week', '56');
    expect(week.getAttribute('href')).toMatch(/^\/main\/userdetails\?from=\d{4}-\d{2}-\d{2}$/);
  });

  it("opens with each company's trend, weakest skill and quiet trainees, and the licences ending soon", async () => {
    answerDashboard({ expiring_licences: EXPIRING }, {}, CATALOGUE, COMPANY_INSIGHT);
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });
    const trends = await section('Each company: trend and weakest skill');
    expect(await rowsOf(trends)).toEqual([
      ['Meridian', '64.0%', 'Down 8.5 points since the week of 19/01/2026', 'Planning (41.0%)', '6 of 40'],
      ['Orbis', 'Not played yet', 'Too few weeks played to compare', 'No skill played yet', '5 of 5'],
    ]);
    expect(within(trends).getByRole('link', { name: 'Planning (41.0%)' })).toHaveAttribute(
      'href',
      `/main/score/skill?company=${COMPANY_INSIGHT.summaries[0]?.id ?? ''}`,
    );
    expect(screen.queryByRole('region', { name: 'Trainees to nudge' })).not.toBeInTheDocument();
    const expiring = await section('Licences ending within 30 days');
    expect(await rowsOf(expiring)).toEqual([['Meridian', '31/07/2026', '4 of 10']]);
  });

  it('shows the three strongest and the three weakest skills', async () => {
    const asked = answerDashboard({ activity: ACTIVITY }, { 'skill/all': SKILL_REPORT });
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });

    const strongest = await section('Strongest skills');
    expect(await rowsOf(strongest)).toEqual([
      ['Negotiation', '81.5%'],
      ['Leadership', '74.0%'],
      ['Empathy', '68.0%'],
    ]);
    const weakest = await section('Weakest skills');
    expect(await rowsOf(weakest)).toEqual([
      ['Coaching', '20.0%'],
      ['Conflict', '32.5%'],
      ['Planning', '43.0%'],
    ]);
    // The middle skill and the one nobody played are at neither end.
    expect(screen.queryByText('Listening')).not.toBeInTheDocument();
    expect(screen.queryByText('Unplayed skill')).not.toBeInTheDocument();
    expect(within(strongest).getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', '/main/score/skill');
    expect(asked).toContainEqual({ view: 'skill', group: 'all', measure: 'percent' });
  });

  it('shows the five most and the five least active companies, each leading to its scores', async () => {
    answerDashboard({ activity: ACTIVITY }, { 'skill/all': SKILL_REPORT });
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });

    const most = await section('Most active companies');
    expect(await rowsOf(most)).toEqual([
      ['Company A', '120'],
      ['Company B', '110'],
      ['Company C', '100'],
      ['Company D', '90'],
      ['Company E', '80'],
    ]);
    const least = await section('Least active companies');
    expect(await rowsOf(least)).toEqual([
      ['Company L', '10'],
      ['Company K', '20'],
      ['Company J', '30'],
      ['Company I', '40'],
      ['Company H', '50'],
    ]);
    expect(screen.queryByText('Company F')).not.toBeInTheDocument();
    const first = ACTIVITY[0];
    expect(within(most).getByRole('link', { name: 'Company A' })).toHaveAttribute(
      'href',
      `/main/score?company=${first?.company_id ?? ''}&group=batch`,
    );
    expect(screen.getAllByText('Game attempts in the last 30 days')).toHaveLength(2);
  });

  it("shows none of the other roles' sections", async () => {
    const asked = answerDashboard({ activity: ACTIVITY }, { 'skill/all': SKILL_REPORT });
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });
    await section('Most active companies');
    for (const name of [
      'Progress per batch',
      'Average per skill',
      'Trainees to nudge',
      'Your progress through the chapters',
      'Your skills',
      'Your recent attempts',
      'How to open the game',
    ]) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Licence valid until')).not.toBeInTheDocument();
    expect(screen.queryByText('Seats in use')).not.toBeInTheDocument();
    expect(asked.map((params) => params.view)).toEqual(['skill']);
  });

  it('says so when nothing has been played and there are no companies', async () => {
    answerDashboard({ activity: [] }, {});
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'SUPER_ADMIN' } });
    expect(await screen.findAllByText('No skill has been scored yet.')).toHaveLength(2);
    expect(screen.getAllByText('There are no companies yet.')).toHaveLength(2);
  });
});
