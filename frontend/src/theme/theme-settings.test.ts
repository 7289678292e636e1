import { DEFAULT_THEME_SETTINGS, loadThemeSettings, saveThemeSettings } from './theme-settings';

describe('theme settings', () => {
  it('uses the defaults without query parameters or stored choices', () => {
    expect(loadThemeSettings('')).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it('takes the query parameters and remembers them for the next load', () => {
    const chosen = { themeType: 'dark', colourTheme: 'orange', navStyle: 'mini', layoutType: 'boxed' };
    expect(loadThemeSettings('?theme=dark&colour-theme=orange&nav-style=mini&layout-type=boxed')).toEqual(chosen);
    expect(loadThemeSettings('')).toEqual(chosen);
  });

  it('lets a query parameter override one stored choice and keeps the others', () => {
    loadThemeSettings('?theme=semidark&nav-style=horizontal');
    expect(loadThemeSettings('?nav-style=below-header')).toEqual({
      ...DEFAULT_THEME_SETTINGS,
      themeType: 'semidark',
      navStyle: 'below-header',
    });
  });

  it('accepts "light" for the lite theme and ignores unknown values', () => {
    expect(loadThemeSettings('?theme=light').themeType).toBe('lite');
    expect(loadThemeSettings('?theme=neon&nav-style=sideways&colour-theme=plaid')).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it('remembers saved settings for the next load', () => {
    const chosen = { themeType: 'semidark', colourTheme: 'light-blue', navStyle: 'drawer', layoutType: 'framed' } as const;
    saveThemeSettings(chosen);
    expect(loadThemeSettings('')).toEqual(chosen);
  });
});
