import { DEFAULT_THEME_SETTINGS, loadThemeSettings } from './theme-settings';

describe('theme settings', () => {
  it('uses the defaults without query parameters or stored choices', () => {
    expect(loadThemeSettings('')).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it('takes the query parameters and remembers them for the next load', () => {
    expect(loadThemeSettings('?theme=dark&nav-style=mini&layout-type=boxed')).toEqual({
      themeType: 'dark',
      navStyle: 'mini',
      layoutType: 'boxed',
    });
    expect(loadThemeSettings('')).toEqual({ themeType: 'dark', navStyle: 'mini', layoutType: 'boxed' });
  });

  it('accepts "light" for the lite theme and ignores unknown values', () => {
    expect(loadThemeSettings('?theme=light').themeType).toBe('lite');
    expect(loadThemeSettings('?theme=neon&nav-style=sideways')).toEqual(DEFAULT_THEME_SETTINGS);
  });
});
