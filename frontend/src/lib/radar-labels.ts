// The radar's skill names sit outside the radar, where MUI X Charts leaves fixed margins (50 px
// at the sides) that cut a long name off. A long name breaks onto two lines at the space nearest
// its middle, and the margins grow to hold the names (widths estimated, as the charts draw after
// the margins are set).
import { textWidth } from './text-width';

/** The size the radar draws its names at (skill-radar.tsx): measured at any other, a phone's
 * radar gave the names room they did not take and was drawn smaller than it could be. */
export const LABEL_FONT_SIZE = 11;
/** Names up to this many characters stay on one line. */
const ONE_LINE = 12;
/** MUI X Charts' own radar margins, the least we keep. */
const MARGIN = { side: 50, end: 30 };
/** The space between the radar's corner and its label, and one more line of a 12 px caption. */
const GAP = 10;
const LINE_HEIGHT = 15;
/** The smallest radius a radar is drawn with here (on a 390 px screen); a larger one leaves more room. */
const LEAST_RADIUS = 80;

/** A name broken at the space nearest its middle when it is long; else as it is. */
export function wrapLabel(label: string): string {
  if (label.length <= ONE_LINE) return label;
  const middle = label.length / 2;
  let best = -1;
  for (let at = label.indexOf(' '); at !== -1; at = label.indexOf(' ', at + 1)) {
    if (best === -1 || Math.abs(at - middle) < Math.abs(best - middle)) best = at;
  }
  return best === -1 ? label : `${label.slice(0, best)}\n${label.slice(best + 1)}`;
}

/** Room around the radar for these (wrapped) names, given clockwise from the top as MUI X Charts
 * places them. A name beside the radar reaches out by its width, less how far its corner sits
 * inside the radar's circle; one above or below it, by half its width. */
export function radarMargin(labels: readonly string[]): { top: number; bottom: number; left: number; right: number } {
  const reach = labels.map((label, index) => {
    const width = Math.max(...label.split('\n').map((line) => textWidth(line, LABEL_FONT_SIZE)));
    const beside = Math.abs(Math.sin((2 * Math.PI * index) / labels.length));
    return beside < 0.1 ? width / 2 : GAP + width - LEAST_RADIUS * (1 - beside);
  });
  const side = Math.max(MARGIN.side, Math.ceil(Math.max(0, ...reach)));
  const end = MARGIN.end + (labels.some((label) => label.includes('\n')) ? LINE_HEIGHT : 0);
  return { top: end, bottom: end, left: side, right: side };
}
