// Where each character of a row lands on screen: the clusters of a row as
// they are drawn, cell by cell (tabs, wide characters, a chopped line's
// sideways shift and its `>` mark). The drawing and a click's hit-testing
// (rows/hit.ts) both lay a row out here, so a click finds what is drawn.
import { forEachCluster } from '../text/width.ts';
import { chopTabCells } from './chop.ts';
import { tabCells } from './wrap.ts';
import { LabelCursor, type Label } from './link-labels.ts';

/** How a row is laid out besides its text. */
export interface RowLayout {
  /** Long lines are chopped: the row starts at column `shift` of its line, and `>` marks a line that goes on past the edge. */
  chop: boolean;
  shift: number;
  /** The line-number column, as drawn ('' for none). */
  number: string;
  /** The hanging indent (a quote's bars) drawn in front of a wrapped line's later rows (Rows.hangOfRow), in the quote's style; '' for none. */
  hang?: string;
  /** Link numbers (#) on the row, drawn before the characters at their offsets. */
  labels?: readonly Label[];
}

/** A wrapped row with no line number. */
export const WRAPPED: RowLayout = { chop: false, shift: 0, number: '' };

/** A cluster of the row that shows: what is drawn, its cells, and its offset (-1 for filler, -2 for the `>` mark). */
export interface Shown {
  shown: string;
  cells: number;
  offset: number;
  token: boolean;
  /** A link number (#), not text: its offset is the link's start, which a click on it finds. */
  label?: boolean;
}

/** The clusters of [start, end) that show in `width` cells from column `shift`; `more`: the row goes on past them. */
export function shownClusters(bytes: Uint8Array, start: number, width: number, layout: RowLayout): { shown: Shown[]; more: boolean } {
  const shown: Shown[] = [];
  let col = 0;
  let used = 0;
  let more = false;
  let offset = start;
  const shift = layout.chop ? layout.shift : 0;
  const labelAt = layout.labels?.length ? new LabelCursor(layout.labels) : null;
  /** Places what is drawn at `offset`, `cells` wide; false once the row is full. */
  const place = (text: string, cells: number, token: boolean, label: boolean): boolean => {
    const from = col;
    col += cells;
    if (shift > 0 && col <= shift) {
      // Left of the screen.
    } else if (from < shift && cells > 0) {
      // Cut by the left edge: what shows of it, as blanks.
      const part = Math.min(col - shift, width);
      shown.push({ shown: ' '.repeat(part), cells: part, offset, token, label });
      used += part;
    } else if (used + cells > width) {
      more = true;
      return false;
    } else {
      shown.push({ shown: text, cells, offset, token, label });
      used += cells;
    }
    return true;
  };
  forEachCluster(bytes, (text, byteLength, cells, token) => {
    const label = labelAt?.at(offset);
    // A link's number goes with its first character: the wrap gave them one row.
    if (label && !place(label.text, label.text.length, false, true)) return false;
    if (text === '\n') return false;
    if (text === '\t') {
      cells = layout.chop ? chopTabCells(col) : tabCells(col, width);
      text = ' '.repeat(cells);
    }
    if (!place(text, cells, token, false)) return false;
    offset += byteLength;
    return true;
  });
  if (more && layout.chop) {
    // The last column says the line goes on: `>`, as less's --rscroll.
    while (used > width - 1) used -= shown.pop()!.cells;
    if (used < width - 1) shown.push({ shown: ' '.repeat(width - 1 - used), cells: width - 1 - used, offset: -1, token: false });
    shown.push({ shown: '>', cells: 1, offset: -2, token: false });
  }
  return { shown, more };
}
