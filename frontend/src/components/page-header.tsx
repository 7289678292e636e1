// The title row of a screen, with its buttons at the end.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
