// The whole text of a table cell that is cut short, shown while the cell has the keyboard's
// focus: a cell's `title` shows only under the mouse, and the grid moves focus between cells
// with the arrow keys, so the text needs its own tooltip there.
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useGridApiRef } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';

interface FocusedCell {
  anchor: HTMLElement;
  text: string;
}

/** Whether `element` or anything in it shows less than its text. */
function isCut(element: HTMLElement): boolean {
  return [element, ...element.querySelectorAll<HTMLElement>('*')].some((part) => part.scrollWidth > part.clientWidth + 1);
}

/** The grid's API for `DataGrid`'s `apiRef`, and the focused cell whose text is cut, if any. */
export function useFocusedCellText() {
  const apiRef = useGridApiRef();
  const [cell, setCell] = useState<FocusedCell | null>(null);
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const off = [
      api.subscribeEvent('cellFocusIn', ({ id, field }) => {
        const anchor = api.getCellElement(id, field);
        const text = anchor?.textContent.trim() ?? '';
        setCell(anchor && text !== '' && isCut(anchor) ? { anchor, text } : null);
      }),
      api.subscribeEvent('cellFocusOut', () => setCell(null)),
    ];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [apiRef]);
  return { apiRef, cell };
}

export function FocusedCellText({ cell }: { cell: FocusedCell | null }) {
  return (
    <Popper open={cell !== null} anchorEl={cell?.anchor} placement="bottom-start" sx={{ zIndex: 'tooltip' }}>
      {/* The popper is the tooltip (its role); the paper its look. */}
      <Paper dir="auto" elevation={4} sx={{ px: 1, py: 0.5, maxWidth: 480, typography: 'body2', overflowWrap: 'anywhere' }}>
        {cell?.text}
      </Paper>
    </Popper>
  );
}
