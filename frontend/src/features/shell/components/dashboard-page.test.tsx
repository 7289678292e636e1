import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { Role } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

/** The figure under a card's label. */
async function figure(label: string) {
  const heading = await screen.findByRole('heading', { name: label });
  const card = heading.closest('.MuiCard-root');
  if (!(card instanceof HTMLElement)) throw new Error(`no card for ${label}`);
  return within(card);
}

describe('the dashboard', () => {
  it.each<[Role, string, [string, string][]]>([
    [
      'SUPER_ADMIN',
      'Super admin',
      [
        ['Companies', '2'],
        ['Batches', '3'],
        ['Trainees', '12'],
        ['Game attempts', '1,234'],
      ],
    ],
    [
      'COMPANY_ADMIN',
      'Company admin',
      [
        ['Batches', '3'],
        ['Trainees', '12'],
        ['Game attempts', '1,234'],
        ['Levels played', '7'],
      ],
    ],
    [
      'USER',
      'Trainee',
      [
        ['Your game attempts', '1,234'],
        ['Levels you have played', '7'],
      ],
    ],
  ])('greets a %s and shows their counts', async (role, roleName, cards) => {
    renderApp('/dashboard/crm', { user: { ...TEST_USER, role } });
    expect(await screen.findByText(`Welcome, Asha Rao · ${roleName}`)).toBeInTheDocument();
    for (const [label, value] of cards) {
      expect(await (await figure(label)).findByText(value)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(cards.length);
  });

  it('says what went wrong when the counts cannot be loaded', async () => {
    apiServer.use(http.get('/api/v1/dashboard', () => problem(500, 'INTERNAL')));
    renderApp('/dashboard/crm', { user: TEST_USER });
    expect(
      await screen.findByText('Something went wrong on the server. Please try again later.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
