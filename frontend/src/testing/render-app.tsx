// renderApp(): the real app (every provider, the real route table) at a given URL, in memory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { learnSession, setStartUrl, type SessionUser } from '@/lib/session';

export const TEST_USER: SessionUser = {
  id: '00000000-0000-0000-0000-000000000001',
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  role: 'SUPER_ADMIN',
};

interface RenderAppOptions {
  /** Signs this user in before rendering: the browser holds their session cookie (the fake
   * server answers for them) and the tab has already learnt so. */
  user?: SessionUser;
  startUrl?: string;
}

export function renderApp(url: string, { user, startUrl }: RenderAppOptions = {}) {
  if (user) learnSession(user);
  if (startUrl !== undefined) setStartUrl(startUrl);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
