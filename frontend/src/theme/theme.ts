// The one MUI theme of the portal: palette per theme type, text direction, and per-component
// defaults so screens need little `sx`.
import type {} from '@mui/x-data-grid/themeAugmentation';
import { createTheme, type Direction, type Theme } from '@mui/material/styles';
import type { ThemeType } from './theme-settings';

const BRAND = '#3949ab';
const SEMIDARK_CHROME = '#1f2a44';

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

export function createAppTheme(themeType: ThemeType, direction: Direction): Theme {
  const mode = themeType === 'dark' ? 'dark' : 'light';
  return createTheme({
    direction,
    palette:
      mode === 'dark'
        ? { mode, primary: { main: '#8c9eff' } }
        : { mode, primary: { main: BRAND }, background: { default: '#f4f6fb' } },
    typography: { fontFamily: FONT_FAMILY },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: {
        defaultProps: { elevation: 0, color: mode === 'dark' ? 'default' : 'primary' },
        styleOverrides: {
          // Semi-dark: light pages framed by dark chrome, as in the seed's "semi dark" theme.
          root: themeType === 'semidark' ? { backgroundColor: SEMIDARK_CHROME, color: '#fff' } : {},
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none' } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
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
