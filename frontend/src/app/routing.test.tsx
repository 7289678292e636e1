import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerReports } from '@/features/reports/testing/fixtures';
import { renderApp, TEST_USER } from '@/testing/render-app';


async function expectSignInPage(router: ReturnType<typeof renderApp>['router']) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/signin');
}

describe('the root path', () => {
  it('sends an anonymous visitor to /signin', async () => {
    const { router } = renderApp('/');
    await expectSignInPage(router);
  });

  it('sends a signed-in user to the stored start URL', async () => {
    answerReports();
    const { router } = renderApp('/', { user: TEST_USER, startUrl: '/main/score' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/score'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scores' })).toBeInTheDocument();
  });

  it.each(['', '/', '/signin'])('sends a signed-in user to /signin when the start URL is %j', async (startUrl) => {
    const { router } = renderApp('/', { user: TEST_USER, startUrl });
    await expectSignInPage(router);
  });

  it('ignores a start URL that leaves the site', async () => {
    const { router } = renderApp('/', { user: TEST_USER, startUrl: '//evil.example/phish' });
    await expectSignInPage(router);
  });

  it('ignores a start URL while nobody is signed in', async () => {
    const { router } = renderApp('/', { startUrl: '/main/company' });
    await expectSignInPage(router);
  });
});

describe('unknown paths', () => {
  it('lead an anonymous visitor to /signin through the default route', async () => {
    const { router } = renderApp('/no/such/page');
    await expectSignInPage(router);
  });

  it('lead a signed-in user to the dashboard', async () => {
    const { router } = renderApp('/no/such/page', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
  });
});

describe('the signed-in area', () => {
  it.each(['/dashboard/crm', '/main/company', '/companyadmin/batch', '/user/score'])(
    'sends an anonymous visitor from %s to /signin',
    async (path) => {
      const { router } = renderApp(path);
      await expectSignInPage(router);
    },
  );

  it("shows the dashboard inside the shell with the user's name and their Logout", async () => {
    renderApp('/dashboard/crm', { user: TEST_USER });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Account of ${TEST_USER.name}` }));
    expect(await screen.findByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('needs both the token and the user: a user without token counts as signed out', async () => {
    sessionStorage.setItem('playtrack.user', JSON.stringify(TEST_USER));
    const { router } = renderApp('/dashboard/crm');
    await expectSignInPage(router);
  });

  it("keeps a trainee out of the super admin's screens", async () => {
    const { router } = renderApp('/main/company', { user: { ...TEST_USER, role: 'USER' } });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('lets a trainee open their own screens', async () => {
    answerReports();
    renderApp('/user/score', { user: { ...TEST_USER, role: 'USER' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scores' })).toBeInTheDocument();
  });

  it("keeps a trainee out of the admins' score breakdowns", async () => {
    const { router } = renderApp('/user/score/skill', { user: { ...TEST_USER, role: 'USER' } });
    expect(await screen.findByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/score/skill');
  });
});
