// What every chart and table with nothing to show shows instead of bare axes or an empty grid:
// one quiet panel with an icon and a sentence saying what is missing.
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  message: string;
  /** The room it takes, as much as the chart it stands for where it stands for one. */
  minHeight?: number;
}

export function EmptyState({ message, minHeight = 120 }: EmptyStateProps) {
  return (
    <Box
      data-empty-state
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        minHeight,
        p: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
        textAlign: 'center',
      }}
    >
      <InboxOutlined aria-hidden fontSize="large" />
      <Typography>{message}</Typography>
    </Box>
  );
}
