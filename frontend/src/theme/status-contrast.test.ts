import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme } from './theme';
import { DEFAULT_THEME_SETTINGS, THEME_TYPES } from './theme-settings';

// The status colours are text too (chips, hints, field errors), whatever the colour theme.
it.each(THEME_TYPES)('the %s theme writes its status colours at 4.5:1 on its page and paper', (themeType) => {
  const { palette } = createAppTheme({ themeType, colourTheme: DEFAULT_THEME_SETTINGS.colourTheme }, 'ltr');
  for (const status of ['error', 'warning', 'info', 'success'] as const) {
    for (const background of [palette.background.default, palette.background.paper]) {
      expect(getContrastRatio(palette[status].main, background), `${status} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});
