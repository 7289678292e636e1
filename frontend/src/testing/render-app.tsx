// renderApp(): the real app (every provider, the real route table) at a given URL, in memory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setAccessToken, setSessionUser, setStartUrl, type SessionUser } from '@/lib/session';

export const TEST_USER: SessionUser = {
  id: '00000000-0000-0000-0000-000000000001',
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  role: 'SUPER_ADMIN',
};

interface RenderAppOptions {
  /** Signs this user in (token + user in session storage) before rendering. */
  user?: SessionUser;
  startUrl?: string;
}

export function renderApp(url: string, { user, startUrl }: RenderAppOptions = {}) {
  if (user) {
    setAccessToken('test-token');
    setSessionUser(user);
  }
  if (startUrl !== undefined) setStartUrl(startUrl);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
