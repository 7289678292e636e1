import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Catalogue, ScoreReport } from '@/api/gen/playtrack.schemas';
import type { Role } from '@/lib/session';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';


/** The Scores item opens the score report: its calls, answered empty. */
function answerScores() {
  const report: ScoreReport = { group: 'level', row_header: 'Level', columns: [], rows: [], total: 0, page: 1, per_page: 25 };
  const none = { items: [], total: 0, page: 1, per_page: 200 };
  apiServer.use(
    http.get('/api/v1/reports/scores', () => HttpResponse.json(report)),
    http.get('/api/v1/catalogue', () => HttpResponse.json<Catalogue>({ chapters: [], levels: [], skills: [], approaches: [] })),
    http.get('/api/v1/batches', () => HttpResponse.json(none)),
    http.get('/api/v1/users', () => HttpResponse.json(none)),
  );
}

function sidebar() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the sidebar', () => {
  it.each<[Role, [string, string][]]>([
    [
      'SUPER_ADMIN',
      [
        ['Dashboard', '/dashboard/crm'],
        ['Company', '/main/company'],
        ['Batch', '/main/batch'],
        ['Industry', '/main/industry'],
        ['Country', '/main/country'],
        ['Company admin', '/main/companyadmin'],
        ['User', '/main/user'],
        ['Scores', '/main/score'],
        ['Level data', '/main/levelData'],
        ['API clients', '/main/apiClients'],
        ['Game apps', '/main/gameApps'],
        ['Single sign-on', '/main/ssoConnections'],
        ['Audit log', '/main/audit'],
        ['Reset Password', '/main/admin/resetpassword'],
      ],
    ],
    [
      'COMPANY_ADMIN',
      [
        ['Dashboard', '/dashboard/crm'],
        ['Company', '/companyadmin/company'],
        ['Batch', '/companyadmin/batch'],
        ['Licence Summary', '/companyadmin/licencesummary'],
        ['Licence Details', '/companyadmin/licencedetails'],
        ['Company admin', '/companyadmin/companyadmin'],
        ['User', '/companyadmin/user'],
        ['Scores', '/companyadmin/score'],
        ['Single sign-on', '/companyadmin/ssoConnection'],
        ['Audit log', '/companyadmin/audit'],
        ['Reset Password', '/companyadmin/admin/resetpassword'],
      ],
    ],
    [
      'USER',
      [
        ['Dashboard', '/dashboard/crm'],
        ['Scores', '/user/score'],
        ['Reset Password', '/user/resetpassword'],
      ],
    ],
  ])('lists the seed’s items for %s', async (role, expected) => {
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role } });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(linksOf(sidebar())).toEqual(expected);
  });

  it("groups the super admin's Licence screens under Licence", async () => {
    renderApp('/dashboard/crm', { user: TEST_USER });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(within(sidebar()).getByRole('button', { name: 'Licence' }));

    expect(within(sidebar()).getByRole('link', { name: 'Summary' })).toHaveAttribute(
      'href',
      '/main/licencesummary',
    );
    expect(within(sidebar()).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/main/licencedetails',
    );
  });

  it('marks the current screen and leads to upcoming screens as such, not as errors', async () => {
    answerScores();
    const { router } = renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'COMPANY_ADMIN' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(sidebar()).getByRole('link', { name: 'Scores' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Scores' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/companyadmin/score');
    expect(within(sidebar()).getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page');

    // A screen not built yet says so, named from the sidebar.
    await act(() => router.navigate('/companyadmin/score/later'));
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByText('Scores', { selector: 'p' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page');
  });

  it("marks Scores on the score report's other kinds too", async () => {
    answerScores();
    renderApp('/user/chapterwise', { user: { ...TEST_USER, role: 'USER' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scores by chapter' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page');
  });

  it('becomes a drawer opened from the header below 992 px', async () => {
    window.innerWidth = 800;
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'USER' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    answerScores();
    await user.click(within(sidebar()).getByRole('link', { name: 'Scores' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Scores' })).toBeInTheDocument();
  });

  it('has no navigation button on wide screens', async () => {
    renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});

describe('the user popover', () => {
  it('shows who is signed in and leads to /logout', async () => {
    const { router } = renderApp('/dashboard/crm', { user: { ...TEST_USER, role: 'COMPANY_ADMIN' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Account of Asha Rao' }));

    const popover = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(popover).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(popover).getByText(TEST_USER.email)).toBeInTheDocument();
    expect(within(popover).getByText('Company admin')).toBeInTheDocument();

    await user.click(within(popover).getByRole('link', { name: 'Logout' }));
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
