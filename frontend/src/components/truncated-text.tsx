// A text as typed in a table cell: in its own direction (a Latin name in an Arabic page reads,
// and is cut short, left to right) and cut short at its end, whole in its tooltip.
import Box from '@mui/material/Box';

/** `lines`: how many lines it may take before it is cut (a header over a narrow column). */
export function TruncatedText({ text, lines = 1 }: { text: string | undefined; lines?: number }) {
  const cut =
    lines === 1
      ? { display: 'block', whiteSpace: 'nowrap' }
      : { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, whiteSpace: 'normal', lineHeight: 1.25 };
  return (
    <Box component="span" dir="auto" title={text} sx={{ ...cut, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Box>
  );
}
