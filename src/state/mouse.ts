// The mouse (--mouse): which link a click on the screen is on, found among the
// clusters of its row as view/draw.ts lays them out to draw them.
import { clickPosition } from '../../term/keys.ts';
import { shownClusters } from '../draw/draw.ts';
import type { Context } from './types.ts';

/** The offset drawn at column `col` of the row [start, end) (counted from the text's left edge; `shift`: chopped lines' sideways scroll), or null where none is. */
export function offsetAtColumn(ctx: Context, start: number, end: number, col: number, shift = 0): number | null {
  const width = ctx.wrap.width - ctx.wrap.hangOfRow(start).length;
  const { shown } = shownClusters(ctx.doc.text.bytes(start, end), start, width, { chop: ctx.wrap.chop, shift, number: '' });
  let cells = 0;
  for (const cluster of shown) {
    if (col < cells + cluster.cells) return cluster.offset >= 0 ? cluster.offset : null;
    cells += cluster.cells;
  }
  return null;
}

/**
 * The innermost link drawn where the click `key` was, or null (not a click, or
 * not on a link). `shift`: the columns chopped lines are scrolled sideways by.
 */
export function clickedLink(ctx: Context, top: number, key: string, shift = 0): number | null {
  const at = clickPosition(key);
  if (at === null || at.row >= ctx.height) return null;
  const row = ctx.wrap.visibleRows(top, at.row + 1)[at.row];
  if (!row) return null;
  // The line numbers' column (-N) is left of the text.
  // So is a wrapped quote row's bar (view/wrap.ts's hangOfRow).
  const col = at.col - (ctx.gutter ?? 0) - ctx.wrap.hangOfRow(row.start).length;
  if (col < 0) return null;
  const offset = offsetAtColumn(ctx, row.start, row.end, col, shift);
  if (offset === null) return null;
  const links = ctx.doc.links;
  const [from, to] = links.range(offset, offset + 1);
  let link: number | null = null;
  for (let i = from; i < to; i++) if (links.overlaps(i, offset, offset + 1)) link = i;
  return link;
}
