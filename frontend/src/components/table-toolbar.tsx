// A table's bar, drawn by the grid as its toolbar: the search box and the screen's filters, which
// wrap onto as many lines as the width needs, then the columns panel and the row density. Its
// labels are the grid's own texts, in the UI language.
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import DensityMediumOutlined from '@mui/icons-material/DensityMediumOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { ColumnsPanelTrigger, type GridDensity } from '@mui/x-data-grid';
import { type ReactNode, useId, useState } from 'react';

/** The grid's own texts this bar shows (every language's are plain strings). */
export type Labels = Record<
  'toolbarColumns' | 'toolbarDensity' | 'toolbarDensityCompact' | 'toolbarDensityStandard' | 'toolbarDensityComfortable',
  string
>;

interface TableToolbarProps {
  /** The search box and the screen's filters. */
  filters?: ReactNode;
  labels: Labels;
  density: GridDensity;
  onDensityChange: (density: GridDensity) => void;
}

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    filters?: ReactNode;
    labels?: Labels;
    density?: GridDensity;
    onDensityChange?: (density: GridDensity) => void;
  }
}

const DENSITIES = [
  { density: 'compact', text: 'toolbarDensityCompact' },
  { density: 'standard', text: 'toolbarDensityStandard' },
  { density: 'comfortable', text: 'toolbarDensityComfortable' },
] as const;

function DensityMenu({ labels, density: current, onDensityChange }: Omit<TableToolbarProps, 'filters'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const menuId = useId();
  return (
    <>
      <Tooltip title={labels.toolbarDensity}>
        <IconButton
          size="small"
          aria-label={labels.toolbarDensity}
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open || undefined}
          onClick={(event) => setAnchor(open ? null : event.currentTarget)}
        >
          <DensityMediumOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {DENSITIES.map(({ density, text }) => (
          <MenuItem
            key={density}
            selected={density === current}
            onClick={() => {
              onDensityChange(density);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{density === current && <CheckOutlined fontSize="small" />}</ListItemIcon>
            {labels[text]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function TableToolbar({ filters, ...density }: TableToolbarProps) {
  const columns = density.labels.toolbarColumns;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          flex: '1 1 auto',
          minWidth: 0,
          // Every field a screen puts here is a compact one, however the form's fields are set.
          '& > .MuiFormControl-root': { m: 0, width: 'auto', flex: '1 1 180px', minWidth: 160, maxWidth: { sm: 280 } },
        }}
      >
        {filters}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, marginInlineStart: 'auto' }}>
        <Tooltip title={columns}>
          <ColumnsPanelTrigger render={<IconButton size="small" aria-label={columns} />}>
            <ViewColumnOutlined fontSize="small" />
          </ColumnsPanelTrigger>
        </Tooltip>
        <DensityMenu {...density} />
      </Box>
    </Box>
  );
}
