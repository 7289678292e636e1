import { createAppTheme } from './theme';
import { THEME_TYPES } from './theme-settings';

describe('the portal theme', () => {
  it.each(THEME_TYPES)('builds the %s theme in both directions', (themeType) => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const theme = createAppTheme(themeType, direction);
      expect(theme.direction).toBe(direction);
      expect(theme.palette.background.default).toMatch(/^#/);
    }
  });

  it('uses the dark palette only for the dark theme', () => {
    expect(createAppTheme('dark', 'ltr').palette.mode).toBe('dark');
    expect(createAppTheme('semidark', 'ltr').palette.mode).toBe('light');
    expect(createAppTheme('lite', 'ltr').palette.mode).toBe('light');
  });
});
