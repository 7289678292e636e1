// The icon buttons at the end of a catalogue row: each named by its label (for screen readers
// and the tooltip), a link where it opens a screen.
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';

export interface EntryAction {
  key: string;
  label: string;
  icon: ReactElement;
  /** A screen to open, or what to do. */
  to?: string;
  onClick?: () => void;
}

export function EntryActions({ actions }: { actions: readonly EntryAction[] }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {actions.map(({ key, label, icon, to, onClick }) => (
        <Tooltip key={key} title={label}>
          {to === undefined ? (
            <IconButton size="small" aria-label={label} onClick={onClick}>
              {icon}
            </IconButton>
          ) : (
            <IconButton size="small" aria-label={label} component={RouterLink} to={to}>
              {icon}
            </IconButton>
          )}
        </Tooltip>
      ))}
    </Stack>
  );
}
