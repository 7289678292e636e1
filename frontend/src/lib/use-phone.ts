// Whether the window is a phone's (under the theme's `sm`, 600 px): where a row of buttons folds
// into a menu.
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export function usePhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}
