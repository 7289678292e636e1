// A text as typed in a table cell: in its own direction (a Latin name in an Arabic page reads,
// and is cut short, left to right) and cut short at its end, whole in its tooltip.
import Box from '@mui/material/Box';

export function TruncatedText({ text }: { text: string | undefined }) {
  return (
    <Box
      component="span"
      dir="auto"
      title={text}
      sx={{ display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}
