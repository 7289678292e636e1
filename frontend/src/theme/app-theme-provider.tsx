// Applies the portal theme for a theme type and text direction, with the matching emotion cache.
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { type Direction, ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { ltrCache, rtlCache } from './emotion-cache';
import { createAppTheme } from './theme';
import type { ThemeType } from './theme-settings';

interface AppThemeProviderProps {
  themeType: ThemeType;
  direction: Direction;
  children: ReactNode;
}

export function AppThemeProvider({ themeType, direction, children }: AppThemeProviderProps) {
  const theme = useMemo(() => createAppTheme(themeType, direction), [themeType, direction]);
  return (
    <CacheProvider value={direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
