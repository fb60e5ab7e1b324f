// Hit-testing: what is drawn at a cell of the screen, found by laying out its
// row as the drawing does (rows/cells.ts).
import { shownClusters } from './cells.ts';
import type { Viewport } from './viewport.ts';
import type { Spans } from '../document/spans.ts';

/** The offset drawn at column `col` of the row [start, end) (counted from the text's left edge, its hang not counted; `shift`: chopped lines' sideways scroll), or null where none is. */
export function offsetAtColumn(screen: Viewport, start: number, end: number, col: number, shift = 0): number | null {
  const width = screen.rows.width - screen.rows.hangOfRow(start).length;
  const labels = screen.rows.labels?.within(start, end);
  const { shown } = shownClusters(screen.doc.text.bytes(start, end), start, width, { chop: screen.rows.chop, shift, number: '', labels });
  let cells = 0;
  for (const cluster of shown) {
    if (col < cells + cluster.cells) return cluster.offset >= 0 ? cluster.offset : null;
    cells += cluster.cells;
  }
  return null;
}

/**
 * The innermost link drawn at the cell (`row`, `col`) of the text's area (the
 * line numbers' column already taken off), on the screen whose first row
 * starts at `top`; null where no link is. `shift`: chopped lines' sideways scroll.
 */
export function linkAtCell(screen: Viewport, top: number, row: number, col: number, shift = 0): number | null {
  if (row >= screen.height) return null;
  const shownRow = screen.rows.visibleRows(top, row + 1)[row];
  if (!shownRow) return null;
  // A wrapped quote row's bars (the hang) are left of its text.
  col -= screen.rows.hangOfRow(shownRow.start).length;
  if (col < 0) return null;
  const offset = offsetAtColumn(screen, shownRow.start, shownRow.end, col, shift);
  return offset === null ? null : linkAt(screen.doc.links, offset);
}

/** The innermost of `links` over the character at `offset` (the last that starts before it), or null. */
export function linkAt(links: Spans, offset: number): number | null {
  const [from, to] = links.range(offset, offset + 1);
  let link: number | null = null;
  for (let i = from; i < to; i++) if (links.overlaps(i, offset, offset + 1)) link = i;
  return link;
}
