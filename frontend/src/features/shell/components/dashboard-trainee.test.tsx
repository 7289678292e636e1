import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { renderApp, TEST_USER } from '@/testing/render-app';
import {
  answerDashboard,
  CATALOGUE,
  CHAPTER_1,
  figure,
  MY_ATTEMPTS,
  MY_CHAPTERS,
  MY_LEVELS,
  MY_SKILLS,
  OWN_INSIGHT,
  rowsOf,
  section,
} from './dashboard-fixtures';

const TRAINEE = { user: { ...TEST_USER, role: 'USER' as const } };

function answer(licence: string | null = '2026-09-30') {
  return answerDashboard(
    { licence_valid_until: licence, attempts: 14, levels_played: 2 },
    { 'level/trainee': MY_LEVELS, 'chapter/trainee': MY_CHAPTERS, 'skill/trainee': MY_SKILLS, attempts: MY_ATTEMPTS },
    CATALOGUE,
    OWN_INSIGHT,
  );
}

describe("the trainee's dashboard", () => {
  it('shows until when their licence runs, and their attempts and levels played', async () => {
    answer();
    renderApp('/dashboard/crm', TRAINEE);
    await figure('Licence valid until', '30/09/2026');
    expect(await figure('Your game attempts', '14')).toHaveAttribute('href', '/user/userdetails');
    expect(await figure('Levels you have played', '2')).toHaveAttribute('href', '/user/viewlevel');
  });

  it('opens with their weekly trend, their weakest skill and the next level to play, each a link', async () => {
    answer();
    renderApp('/dashboard/crm', TRAINEE);
    const mine = await section('Your last 8 weeks');
    expect(within(mine).getByText('Up 10 points since the week of 16/02/2026')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'Empathy (45.0%)' })).toHaveAttribute('href', '/user/score');
    expect(within(mine).getByRole('link', { name: '1.3 Level 3' })).toHaveAttribute('href', '/user/viewlevel');
    expect(within(mine).getByText('You have not played it yet.')).toBeInTheDocument();
  });

  it('says when they have no running licence', async () => {
    answer(null);
    renderApp('/dashboard/crm', TRAINEE);
    await figure('Licence valid until', 'No running licence');
  });

  it('shows their progress through each chapter, with their score there', async () => {
    const asked = answer();
    renderApp('/dashboard/crm', TRAINEE);
    const chapters = await section('Your progress through the chapters');
    // In the chapters' order; the retired level they never completed does not count.
    const first = await within(chapters).findByRole('progressbar', { name: 'Chapter 1: First day on the floor' });
    expect(first).toHaveAttribute('aria-valuenow', '67');
    expect(first).toHaveAttribute('aria-valuetext', '2 of 3 levels completed');
    const second = within(chapters).getByRole('progressbar', { name: 'Chapter 2: Handling complaints' });
    expect(second).toHaveAttribute('aria-valuenow', '0');
    const items = within(chapters).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chapter 1: First day on the floorScore: 66.7%2 of 3 levels completed',
      'Chapter 2: Handling complaintsNot played yet0 of 2 levels completed',
    ]);
    expect(within(chapters).getByRole('link', { name: 'Chapter 1: First day on the floor' })).toHaveAttribute(
      'href',
      `/user/viewlevel?chapter=${CHAPTER_1}`,
    );
    expect(asked).toContainEqual({ view: 'level', group: 'trainee', measure: 'percent' });
    expect(asked).toContainEqual({ view: 'chapter', group: 'trainee', measure: 'percent' });
  });

  it('shows their recent attempts and their skills', async () => {
    const asked = answer();
    renderApp('/dashboard/crm', TRAINEE);
    const recent = await section('Your recent attempts');
    const rows = await rowsOf(recent);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['1.2 The missing delivery', 'Hard', '80.0%'],
      ['1.1 Meet the team', 'Easy', '45.0%'],
    ]);
    expect(rows[0]?.[3]).toMatch(/2026/);
    expect(within(recent).getByRole('link', { name: 'See all your attempts' })).toHaveAttribute('href', '/user/userdetails');
    expect(asked).toContainEqual({ view: 'attempts', per_page: '5', page: '1' });

    const skills = await section('Your skills');
    expect(await rowsOf(skills)).toEqual([
      ['Negotiation', '90.0%'],
      ['Leadership', '60.0%'],
      ['Empathy', '45.0%'],
    ]);
    const radar = within(skills).getByRole('figure', { name: 'Radar chart of your score per skill' });
    await waitFor(() => expect(radar.querySelector('svg')).not.toBeNull());
  });

  it('explains how to open the game', async () => {
    answer();
    renderApp('/dashboard/crm', TRAINEE);
    const game = await section('How to open the game');
    expect(
      within(game).getByText('Open the training game on your device and sign in with your portal account.'),
    ).toBeInTheDocument();
    expect(within(game).getByText('When you are done, the game brings you back here with one click.')).toBeInTheDocument();
  });

  it("shows none of the other roles' sections", async () => {
    const asked = answer();
    renderApp('/dashboard/crm', TRAINEE);
    await section('How to open the game');
    for (const name of [
      'Strongest skills',
      'Weakest skills',
      'Most active companies',
      'Least active companies',
      'Progress per batch',
      'Average per skill',
      'Trainees to nudge',
    ]) {
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    }
    for (const figureName of ['Companies', 'Seats sold', 'Seats in use', 'Attempts this week']) {
      expect(screen.queryByText(figureName)).not.toBeInTheDocument();
    }
    await waitFor(() => expect(asked).toHaveLength(4));
    expect(asked.map((params) => params.view).sort()).toEqual(['attempts', 'chapter', 'level', 'skill']);
  });

  it('reads in Arabic, right to left', async () => {
    answer();
    await i18n.changeLanguage('ar');
    renderApp('/dashboard/crm', TRAINEE);
    const chapters = await section('تقدّمك في الفصول');
    expect(
      await within(chapters).findByRole('progressbar', { name: 'الفصل 1: First day on the floor' }),
    ).toHaveAttribute('aria-valuetext', 'المستويات المكتملة: 2 من 3');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const skills = await section('مهاراتك');
    const radar = within(skills).getByRole('figure', { name: 'مخطط راداري لنتيجتك في كل مهارة' });
    await waitFor(() => expect(radar.querySelector('svg')).not.toBeNull());
  });
});
