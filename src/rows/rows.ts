// What the state and the drawing ask of the screen's rows, whoever makes
// them: the wrap (wrapped or chopped lines, rows/wrap.ts) or a filter's view
// of it (only the lines a &pattern shows, rows/filtered.ts). A row is named by
// the offset it starts at, so nothing holds a row number a resize would spoil.
import type { LinkLabels } from './link-labels.ts';

/** A row of text: [start, end) of the display text. */
export interface Row {
  start: number;
  end: number;
}

export interface Rows {
  /** Cells of text on a row (the line-number column not counted). */
  readonly width: number;
  /** Long lines are chopped, not wrapped: a line is one row, and h and l scroll it sideways. */
  readonly chop: boolean;
  /** Start of the row holding `offset`. */
  rowStart(offset: number): number;
  /** Start of the row after the one starting at `row`, or null at the end. */
  nextRow(row: number): number | null;
  /** Start of the row before the one starting at `row`, or null at the top. */
  prevRow(row: number): number | null;
  /** The row `n` rows below `row` (or the last one). */
  down(row: number, n: number): number;
  /** The row `n` rows above `row` (or the first one). */
  up(row: number, n: number): number;
  /** Start of the last row. */
  lastRow(): number;
  /** The top row that shows the end on the last of `height` rows. */
  bottomTop(height: number): number;
  /** Up to `n` rows from the one `top` is on down, each with its end. */
  visibleRows(top: number, n: number): Row[];
  /** What is drawn in front of the row starting at `row` when it continues a line with a hanging indent (a quote's bars), else ''. */
  hangOfRow(row: number): string;
  /** Link numbers (#), laid out before each link; null when they are not shown. */
  readonly labels: LinkLabels | null;
}

/** The row `n` steps from `row`, each step taken by `step`, stopping where it gives none. */
export function stepRows(row: number, n: number, step: (row: number) => number | null): number {
  for (let k = 0; k < n; k++) {
    const next = step(row);
    if (next === null) break;
    row = next;
  }
  return row;
}
