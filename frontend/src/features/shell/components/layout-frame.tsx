// The layout types around the whole shell: full (the window's width), boxed (centred at 1200 px,
// MUI's `lg`, so the box shows on a 1280 px screen too) and framed (inset in a band of the
// theme's colour). The same two boxes in each, so changing the layout keeps the page mounted.
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { LayoutType } from '@/theme/theme-settings';

const OUTSIDE: Record<LayoutType, (theme: Theme) => object> = {
  full: () => ({}),
  boxed: (theme) => ({ bgcolor: theme.palette.mode === 'dark' ? 'common.black' : 'grey.300' }),
  framed: (theme) => ({ p: { xs: 1, md: 2 }, bgcolor: theme.palette.mode === 'dark' ? 'primary.dark' : 'primary.main' }),
};

const INSIDE: Record<LayoutType, object> = {
  full: {},
  boxed: { maxWidth: 1200, mx: 'auto', boxShadow: 4 },
  // Clipped, not hidden: a hidden overflow would stop the header and sidebar sticking.
  framed: { borderRadius: 2, overflow: 'clip' },
};

export function LayoutFrame({ layout, children }: { layout: LayoutType; children: ReactNode }) {
  return (
    <Box sx={(theme) => ({ display: 'flex', minHeight: '100vh', ...OUTSIDE[layout](theme) })}>
      {/* A column at least as tall as the window, so the sidebar reaches down. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          minWidth: 0,
          bgcolor: 'background.default',
          ...INSIDE[layout],
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
