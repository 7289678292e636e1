// The frame of a chart with a bar per name: the chart fills it, and where the bars need more
// room than it has (many levels on a phone) the chart keeps that room and the frame scrolls
// sideways, from the keyboard too.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { Frame } from '@/lib/category-ticks';

interface ChartFrameProps extends Frame {
  children: ReactNode;
}

export function ChartFrame({ measure, minWidth, scrolls, children }: ChartFrameProps) {
  return (
    <Box ref={measure} tabIndex={scrolls ? 0 : undefined} sx={{ overflowX: 'auto' }}>
      <Box sx={{ minWidth }}>{children}</Box>
    </Box>
  );
}
