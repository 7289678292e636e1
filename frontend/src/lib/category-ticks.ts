// The names under a chart's bars. Each reads in its own direction (a Latin batch name stays left
// to right in Arabic). Where they would overlap, MUI X Charts drops every other name, which
// leaves bars nobody can tell apart; there the names slant down from their bar instead, or stand
// upright where even slanted ones would overlap, and a name too long for the room ends in an
// ellipsis. Where even upright names would not fit, the chart grows wider than the screen and
// scrolls sideways (ChartFrame).
import { useTheme } from '@mui/material/styles';
import { textWidth } from './text-width';
import { useElementWidth } from './use-element-width';

/** What the value axis and the chart's margins take of its width. */
const AXES = 80;
/** The least space MUI X Charts keeps between two names, and some to spare. */
const GAP = 8;
/** Below this much room per bar, slanted names overlap too (a line is 12 px high): they stand. */
const SLANT_ROOM = 24;
/** The room an upright name needs: its line and MUI X Charts' gap, with some to spare. */
const UPRIGHT_ROOM = 20;

interface CategoryTicks {
  /** The axis' `tickLabelStyle`. */
  style: { unicodeBidi: 'plaintext'; fontSize: number; angle?: number; textAnchor?: 'end' };
  /** The axis' height, to hold slanted names. */
  height?: number;
}

/** The chart's frame: what measures it, the width the chart takes, and whether that is more
 * than the frame shows. */
export interface Frame {
  measure: (element: Element | null) => void;
  minWidth: number;
  scrolls: boolean;
}

/** The props of the chart's frame (whose width says whether the names fit), and a band axis of
 * these names. In Arabic the bars run right to left like the page. */
export function useCategoryAxis(names: readonly string[], fontSize = 12) {
  const [measure, width] = useElementWidth();
  const rtl = useTheme().direction === 'rtl';
  const minWidth = AXES + names.length * UPRIGHT_ROOM;
  const { style, height } = categoryTicks(names, width === undefined ? undefined : Math.max(width, minWidth), rtl, fontSize);
  const axis = { scaleType: 'band', data: [...names], reverse: rtl, tickLabelStyle: style, height } as const;
  const frame: Frame = { measure, minWidth, scrolls: width !== undefined && width < minWidth };
  return [frame, axis] as const;
}

/** How names fit under a chart `width` wide: side by side, slanted, or upright. */
export function categoryTicks(names: readonly string[], width: number | undefined, rtl: boolean, fontSize: number): CategoryTicks {
  const band = width === undefined ? Number.POSITIVE_INFINITY : (width - AXES) / Math.max(1, names.length);
  const widest = Math.max(0, ...names.map((name) => textWidth(name, fontSize)));
  if (widest + GAP <= band) return { style: { unicodeBidi: 'plaintext', fontSize } };
  // Each name ends at its bar. SVG puts a text's end on the page's side (its left, right to
  // left), whatever the name's own direction: so the names turn the other way in Arabic.
  const angle = (band < SLANT_ROOM ? 90 : 45) * (rtl ? 1 : -1);
  return { style: { unicodeBidi: 'plaintext', fontSize, angle, textAnchor: 'end' }, height: 90 };
}
