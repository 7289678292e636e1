// The primary and secondary colours of each colour theme, per palette mode. Light-mode shades
// reach 4.5:1 against white and the page background (#f4f6fb) and carry white text; dark-mode
// shades reach 4.5:1 against the dark surfaces (the semi-dark chrome #1f2a44 included) and
// carry dark text — so every theme keeps WCAG AA text contrast for links, buttons and the header.
import type { PaletteMode } from '@mui/material/styles';
import type { ColourTheme } from './theme-settings';

interface Shades {
  primary: string;
  secondary: string;
}

export const COLOUR_THEME_SHADES: Record<ColourTheme, Record<PaletteMode, Shades>> = {
  'light-purple': {
    light: { primary: '#7e57c2', secondary: '#c2185b' },
    dark: { primary: '#b39ddb', secondary: '#f48fb1' },
  },
  blue: {
    light: { primary: '#1565c0', secondary: '#bf360c' },
    dark: { primary: '#90caf9', secondary: '#ffab91' },
  },
  'dark-blue': {
    light: { primary: '#3949ab', secondary: '#c2185b' },
    dark: { primary: '#8c9eff', secondary: '#f48fb1' },
  },
  orange: {
    light: { primary: '#b34700', secondary: '#01579b' },
    dark: { primary: '#ffb74d', secondary: '#81d4fa' },
  },
  'light-blue': {
    light: { primary: '#0369a1', secondary: '#00796b' },
    dark: { primary: '#81d4fa', secondary: '#80cbc4' },
  },
  'deep-orange': {
    light: { primary: '#bf360c', secondary: '#3949ab' },
    dark: { primary: '#ff8a65', secondary: '#9fa8da' },
  },
};
