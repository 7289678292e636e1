import { screen } from '@testing-library/react';
import { http } from 'msw';
import type { Role } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';


describe('the dashboard', () => {
  it.each<[Role, string, string]>([
    ['SUPER_ADMIN', 'Super admin', 'Strongest skills'],
    ['COMPANY_ADMIN', 'Company admin', 'Progress per batch'],
    ['USER', 'Trainee', 'Your progress through the chapters'],
  ])("greets a %s and shows their role's dashboard", async (role, roleName, section) => {
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role } });
    expect(await screen.findByText(`Welcome, Asha Rao · ${roleName}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: section })).toBeInTheDocument();
  });

  it('says what went wrong when the counts cannot be loaded', async () => {
    apiServer.use(http.get('/api/v1/dashboard', () => problem(500, 'INTERNAL')));
    renderApp('/dashboard/crm', { user: TEST_USER });
    expect(
      await screen.findByText('Something went wrong on the server. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('says what went wrong when a score figure cannot be loaded', async () => {
    apiServer.use(http.get('/api/v1/reports/scores', () => problem(500, 'INTERNAL')));
    renderApp('/dashboard/crm', { user: TEST_USER });
    expect(
      (await screen.findAllByText('Something went wrong on the server. Please try again later.')).length,
    ).toBeGreaterThan(0);
  });
});
