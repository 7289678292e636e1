// Applies the portal theme for the chosen theme type and colour theme and the text direction, with
// the matching emotion cache; ChromeTheme gives the header and sidebar their own theme.
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { type Direction, ThemeProvider, useTheme } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useAppearance } from './appearance';
import { ltrCache, rtlCache } from './emotion-cache';
import { createAppTheme } from './theme';

export function AppThemeProvider({ direction, children }: { direction: Direction; children: ReactNode }) {
  const {
    settings: { themeType, colourTheme },
  } = useAppearance();
  const theme = useMemo(
    () => createAppTheme({ themeType, colourTheme }, direction),
    [themeType, colourTheme, direction],
  );
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** The header and sidebar: dark around the light pages of the semi-dark theme, else the page's
 * own theme. */
export function ChromeTheme({ children }: { children: ReactNode }) {
  const { direction } = useTheme();
  const {
    settings: { themeType, colourTheme },
  } = useAppearance();
  const chrome = useMemo(
    () => (themeType === 'semidark' ? createAppTheme({ themeType, colourTheme }, direction, 'chrome') : null),
    [themeType, colourTheme, direction],
  );
  return chrome ? <ThemeProvider theme={chrome}>{children}</ThemeProvider> : children;
}
