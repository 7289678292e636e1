import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ColourTheme, LayoutType, NavStyle, ThemeType, type Appearance } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { COLOUR_THEMES, LAYOUT_TYPES, loadThemeSettings, NAV_STYLES, THEME_TYPES } from './theme-settings';

const ADMIN = { user: { ...TEST_USER, role: 'COMPANY_ADMIN' as const } };
const SAVED: Appearance = { theme_type: 'dark', colour_theme: 'orange', nav_style: 'mini', layout_type: 'boxed' };

/** Answers `saved` as the person's appearance and collects what the page saves. */
function serverKeeping(saved: Appearance | null): Appearance[] {
  const puts: Appearance[] = [];
  apiServer.use(
    http.get('/api/v1/me/preferences', () => HttpResponse.json({ appearance: saved })),
    http.put('/api/v1/me/preferences/appearance', async ({ request }) => {
      const body = (await request.json()) as Appearance;
      puts.push(body);
      return HttpResponse.json(body);
    }),
  );
  return puts;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe("a person's appearance", () => {
  it('offers exactly the choices the server keeps', () => {
    expect(THEME_TYPES).toEqual(Object.values(ThemeType));
    expect(COLOUR_THEMES).toEqual(Object.values(ColourTheme));
    expect(NAV_STYLES).toEqual(Object.values(NavStyle));
    expect(LAYOUT_TYPES).toEqual(Object.values(LayoutType));
  });

  it('follows them from another browser once they are signed in', async () => {
    const puts = serverKeeping(SAVED);
    renderApp('/dashboard/crm', ADMIN);
    await waitFor(() =>
      expect(loadThemeSettings('')).toEqual({ themeType: 'dark', colourTheme: 'orange', navStyle: 'mini', layoutType: 'boxed' }),
    );
    expect(puts).toEqual([]);
  });

  it('is saved for them when they choose in the panel', async () => {
    const puts = serverKeeping(null);
    renderApp('/dashboard/crm', ADMIN);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Appearance settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Appearance' });
    await user.click(within(panel).getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(puts.at(-1)).toEqual({ theme_type: 'dark', colour_theme: 'dark-blue', nav_style: 'vertical', layout_type: 'full' }));
  });

  it("takes the address's choice over the saved one, and saves it", async () => {
    const puts = serverKeeping(SAVED);
    window.history.replaceState(null, '', '/dashboard/crm?theme=semidark&nav-style=drawer');
    renderApp('/dashboard/crm', ADMIN);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ theme_type: 'semidark', colour_theme: 'dark-blue', nav_style: 'drawer', layout_type: 'full' });
    expect(loadThemeSettings('').navStyle).toBe('drawer');
  });
});
