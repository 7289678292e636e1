import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, TEST_USER } from '@/testing/render-app';
import {
  answerDashboard,
  BATCH_INSIGHT,
  BATCHES,
  CATALOGUE,
  EXPIRING,
  figure,
  oneRow,
  rowsOf,
  section,
} from './dashboard-fixtures';
import { EMPTY_DASHBOARD_INSIGHT } from '@/testing/api-handlers';

const ADMIN = { user: { ...TEST_USER, role: 'COMPANY_ADMIN' as const } };

const SKILL_AVERAGES = oneRow([
  ['s1', 'Negotiation', 70],
  ['s2', 'Leadership', 55.5],
  ['s3', 'Empathy', 40],
]);

function answer() {
  return answerDashboard(
    { expiring_licences: EXPIRING },
    { 'overview/batch': BATCHES, 'skill/all': SKILL_AVERAGES },
    CATALOGUE,
    BATCH_INSIGHT,
  );
}

describe("the company admin's dashboard", () => {
  it('shows the seats in use of those bought, the available ones and the next expiry', async () => {
    answer();
    renderApp('/dashboard/crm', ADMIN);
    expect(await figure('Seats in use', '12 of 20')).toHaveAttribute('href', '/companyadmin/licencesummary');
    await figure('Seats available', '8');
    const expiry = await figure('Next seat expiry', '31/07/2026');
    expect(within(expiry).getByText('Expiring within 30 days: 4')).toBeInTheDocument();
    expect(await figure('Trainees', '12')).toHaveAttribute('href', '/companyadmin/score?group=trainee');
    expect(await figure('Batches', '3')).toHaveAttribute('href', '/companyadmin/score?group=batch');
  });

  it('says when no seat is about to end', async () => {
    answerDashboard({ seats: { sold: 5, assigned: 5, activated: 5, expiring_soon: 0, next_expiry: null } }, {});
    renderApp('/dashboard/crm', ADMIN);
    await figure('Seats in use', '5 of 5');
    await figure('Seats available', '0');
    await figure('Next seat expiry', 'None');
  });

  it("opens with each batch's weekly trend and its weakest skill, one click from that batch's skill report", async () => {
    answer();
    renderApp('/dashboard/crm', ADMIN);
    const trends = await section('Each batch: trend and weakest skill');
    expect(await rowsOf(trends)).toEqual([
      ['Cohort A', '72.5%', 'Up 14 points since the week of 26/01/2026', 'Empathy (48.5%)', '1 of 4'],
      ['Cohort B', 'Not played yet', 'Too few weeks played to compare', 'No skill played yet', '3 of 3'],
    ]);
    expect(within(trends).getByRole('link', { name: 'Empathy (48.5%)' })).toHaveAttribute(
      'href',
      `/companyadmin/score/skill?batch=${BATCH_INSIGHT.summaries[0]?.id ?? ''}`,
    );
    await waitFor(
      () => expect(within(trends).getByLabelText('Weekly average score of Cohort A')).toBeInTheDocument()
    );
    expect(within(trends).queryByLabelText('Weekly average score of Cohort B')).not.toBeInTheDocument();
  });

  it('lists the trainees to nudge with why — never played, idle, behind their batch — each with a reminder', async () => {
    answer();
    renderApp('/dashboard/crm', ADMIN);
    const nudges = await section('Trainees to nudge');
    const rows = await rowsOf(nudges);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Rohan Das', 'rohan@meridian.example'],
      ['Mei Chen', 'mei+training@meridian.example'],
      ['Omar Haddad', 'omar@meridian.example'],
    ]);
    expect(rows[0]?.[2]).toBe('Never played');
    expect(rows[1]?.[2]).toMatch(/^Last played .*2026/);
    expect(rows[2]?.[2]).toBe('55.5%, 17 points below Cohort A (72.5%)');

    const rohan = within(nudges).getByRole('link', { name: 'Remind Rohan Das by e-mail' });
    const href = rohan.getAttribute('href') ?? '';
    expect(href).toMatch(/^mailto:rohan@meridian\.example\?subject=Your%20training%20game%20is%20waiting%20for%20you&body=/);
    const body = decodeURIComponent(href.slice(href.indexOf('body=') + 5));
    expect(body).toContain('Hello Rohan Das,\r\n\r\n');
    expect(body).toContain('14 days or more');
    expect(body).toContain(window.location.origin);
    const omar = within(nudges).getByRole('link', { name: 'Remind Omar Haddad by e-mail' }).getAttribute('href') ?? '';
    expect(omar).toMatch(/^mailto:omar@meridian\.example\?subject=Keep%20going%20with%20your%20training%20game&body=/);
    expect(decodeURIComponent(omar)).toContain('Your group is a little ahead of you');

    const quiet = within(nudges).getByRole('link', { name: 'Remind the inactive by e-mail' });
    expect(quiet.getAttribute('href')).toMatch(
      /^mailto:\?bcc=rohan@meridian\.example,mei%2Btraining@meridian\.example&subject=Your%20training%20game/,
    );
    expect(within(nudges).getByRole('link', { name: 'Rohan Das' })).toHaveAttribute(
      'href',
      `/companyadmin/userdetails?user=${BATCH_INSIGHT.nudges[0]?.id ?? ''}`,
    );
  });

  it('says so when nobody needs a nudge, and when no batch exists yet', async () => {
    answerDashboard({}, {}, CATALOGUE, EMPTY_DASHBOARD_INSIGHT);
    renderApp('/dashboard/crm', ADMIN);
    expect(
      await screen.findByText(
        'Nobody to nudge: everyone played in the last 14 days and keeps up with their batch.'
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No batch yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remind the inactive by e-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('No licence ends within 30 days.')).toBeInTheDocument();
  });

  it('lists the licences that end within 30 days with their last day and the seats in use', async () => {
    answer();
    renderApp('/dashboard/crm', ADMIN);
    const expiring = await section('Licences ending within 30 days');
    expect(await rowsOf(expiring)).toEqual([['31/07/2026', '4 of 10']]);
  });

  it("shows each batch's score and levels per trainee, as a chart and a table", async () => {
    const asked = answer();
    renderApp('/dashboard/crm', ADMIN);
    const batches = await section('Progress per batch');
    expect(await rowsOf(batches)).toEqual([
      ['Cohort A', '72.5%', '2.5'],
      ['Cohort B', 'Not played yet', '–'],
    ]);
    const chart = within(batches).getByRole('figure', { name: 'Bar chart of the average score per batch' });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    expect(within(batches).getByRole('link', { name: 'Cohort A' })).toHaveAttribute(
      'href',
      `/companyadmin/score?batch=${BATCHES.rows[0]?.id ?? ''}&group=trainee`,
    );
    expect(asked).toContainEqual({ view: 'overview', group: 'batch', measure: 'percent', per_page: '200' });
  });

  it('shows the average per skill, as a radar and a table', async () => {
    answer();
    renderApp('/dashboard/crm', ADMIN);
    const skills = await section('Average per skill');
    expect(await rowsOf(skills)).toEqual([
      ['Negotiation', '70.0%'],
      ['Leadership', '55.5%'],
      ['Empathy', '40.0%'],
    ]);
    const radar = within(skills).getByRole('figure', { name: 'Radar chart of the average score per skill' });
    await waitFor(() => expect(radar.querySelector('svg')).not.toBeNull());
    expect(within(skills).getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', '/companyadmin/score/skill');
  });

  it("shows none of the other roles' sections", async () => {
    const asked = answer();
    renderApp('/dashboard/crm', ADMIN);
    await section('Trainees to nudge');
    // The sections below the first screenful come just after it.
    await section('Average per skill');
    for (const name of [
      'Strongest skills',
      'Weakest skills',
      'Most active companies',
      'Least active companies',
      'Your progress through the chapters',
      'Your skills',
      'Your recent attempts',
      'How to open the game',
    ]) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Licence valid until')).not.toBeInTheDocument();
    expect(screen.queryByText('Seats sold')).not.toBeInTheDocument();
    expect(asked.map((params) => params.view).sort()).toEqual(['overview', 'skill']);
  });
});
