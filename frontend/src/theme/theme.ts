// The one MUI theme of the portal: palette per theme type and colour theme, text direction, and
// per-component defaults so screens need little `sx`.
import type {} from '@mui/x-data-grid/themeAugmentation';
import { createTheme, type Direction, type PaletteMode, type Theme } from '@mui/material/styles';
import { COLOUR_THEME_SHADES } from './colour-themes';
import type { ThemeSettings, ThemeType } from './theme-settings';

export type ThemeChoice = Pick<ThemeSettings, 'themeType' | 'colourTheme'>;

/** The page's content, or the chrome around it (header and sidebar): they differ only in the
 * semi-dark theme, whose light pages sit in dark chrome as in the seed. */
export type Surface = 'content' | 'chrome';

const LIGHT_BACKGROUND = { default: '#f4f6fb' };
// Cards, header and sidebar a step lighter than the page, so they stand out as in the lite theme.
const DARK_BACKGROUND = { default: '#121212', paper: '#1e1e1e' };
const SEMIDARK_CHROME = { default: '#1f2a44', paper: '#1f2a44' };
// MUI's light info and warning read below 4.5:1 as text on white (the status chips, hints):
// darker shades of the same hues reach it.
const LIGHT_STATUS_SHADES = { info: { main: '#01579b' }, warning: { main: '#b45309' } };

const FONT_FAMILY = [
  'Roboto',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Noto Sans SC"',
  'sans-serif',
].join(',');

function paletteMode(themeType: ThemeType, surface: Surface): PaletteMode {
  return themeType === 'dark' || (themeType === 'semidark' && surface === 'chrome') ? 'dark' : 'light';
}

export function createAppTheme(
  { themeType, colourTheme }: ThemeChoice,
  direction: Direction,
  surface: Surface = 'content',
): Theme {
  const mode = paletteMode(themeType, surface);
  const shades = COLOUR_THEME_SHADES[colourTheme][mode];
  const darkBackground = themeType === 'semidark' ? SEMIDARK_CHROME : DARK_BACKGROUND;
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: shades.primary },
      secondary: { main: shades.secondary },
      background: mode === 'dark' ? darkBackground : LIGHT_BACKGROUND,
      ...(mode === 'light' ? LIGHT_STATUS_SHADES : {}),
      // WCAG AA for normal text: every coloured surface picks the text colour that reaches 4.5:1.
      contrastThreshold: 4.5,
    },
    typography: { fontFamily: FONT_FAMILY },
    shape: { borderRadius: 8 },
    components: {
      // A reader who asked their system for less motion gets no sliding or fading: panels,
      // dialogs and menus appear at once (WCAG 2.3.3). Spinners and progress bars still turn.
      MuiCssBaseline: {
        styleOverrides: {
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { transitionDuration: '0s !important', scrollBehavior: 'auto !important' },
          },
        },
      },
      // The brand colour in the light palette; the paper of the dark one (MUI's dark app bar).
      MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
      // A ring on keyboard focus, where MUI only tints or ripples buttons, list items and tabs:
      // inside the element and in its text colour, so it shows on any background.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Dialogs, menus and drawers keep the paper colour in the dark palette: MUI lightens raised
      // paper there, which took primary and error text below 4.5:1 (unseen by axe, which cannot
      // measure text on a gradient).
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // Sentence case like the buttons: upper case reads as shouting and hides translations' casing.
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      // E-mail addresses and numbers read left to right inside right-to-left text: their own
      // first letter or digit sets their direction, so "@" and "." stay where they belong.
      MuiInputBase: {
        styleOverrides: { input: { '&[type="email"], &[type="number"], &[type="tel"]': { unicodeBidi: 'plaintext' } } },
      },
      MuiDataGrid: {
        styleOverrides: {
          cell: { '&[data-field="email"], &.MuiDataGrid-cell--textRight': { unicodeBidi: 'plaintext' } },
        },
      },
    },
  });
}
