import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, type Surface } from './theme';
import { COLOUR_THEMES, THEME_TYPES } from './theme-settings';

const AA = 4.5;

describe('the portal theme', () => {
  it.each(THEME_TYPES)('builds the %s theme in both directions', (themeType) => {
    for (const direction of ['ltr', 'rtl'] as const) {
      const theme = createAppTheme({ themeType, colourTheme: 'dark-blue' }, direction);
      expect(theme.direction).toBe(direction);
      expect(theme.palette.background.default).toMatch(/^#/);
    }
  });

  it('is dark for the dark theme, and only in the chrome for the semi-dark one', () => {
    const mode = (themeType: (typeof THEME_TYPES)[number], surface: Surface) =>
      createAppTheme({ themeType, colourTheme: 'blue' }, 'ltr', surface).palette.mode;
    expect([mode('dark', 'content'), mode('dark', 'chrome')]).toEqual(['dark', 'dark']);
    expect([mode('semidark', 'content'), mode('semidark', 'chrome')]).toEqual(['light', 'dark']);
    expect([mode('lite', 'content'), mode('lite', 'chrome')]).toEqual(['light', 'light']);
  });

  it('gives each colour theme its own primary colour', () => {
    const primaries = COLOUR_THEMES.map((colourTheme) => createAppTheme({ themeType: 'lite', colourTheme }, 'ltr').palette.primary.main);
    expect(new Set(primaries).size).toBe(COLOUR_THEMES.length);
    expect(createAppTheme({ themeType: 'lite', colourTheme: 'dark-blue' }, 'ltr').palette.primary.main).toBe('#3949ab');
  });

  describe.each(THEME_TYPES.flatMap((themeType) => COLOUR_THEMES.map((colourTheme) => [themeType, colourTheme] as const)))(
    'the %s theme in %s',
    (themeType, colourTheme) => {
      it.each<Surface>(['content', 'chrome'])('keeps AA contrast for coloured text and on coloured surfaces (%s)', (surface) => {
        const { palette } = createAppTheme({ themeType, colourTheme }, 'ltr', surface);
        for (const colour of [palette.primary, palette.secondary]) {
          expect(getContrastRatio(colour.main, palette.background.default)).toBeGreaterThanOrEqual(AA);
          expect(getContrastRatio(colour.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
          expect(getContrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(AA);
        }
      });
    },
  );
});
