// The mouse (--mouse): which link a click on the screen is on. The row's text is
// walked as view/draw.ts draws it (clusters, their cells, tabs), to find the
// offset drawn at the clicked column.
import { clickPosition } from '../../term/keys.ts';
import { forEachCluster } from '../text/width.ts';
import { tabCells } from '../view/wrap.ts';
import type { Context } from './types.ts';

/** The offset drawn at column `col` of the row [start, end), or null past its end. */
export function offsetAtColumn(ctx: Context, start: number, end: number, col: number): number | null {
  // Chopped, the row is the whole line, drawn from column `shift` on (view/draw.ts).
  const width = ctx.wrap.chop ? Infinity : ctx.wrap.width - ctx.wrap.hangOfRow(start).length;
  let cells = 0;
  let offset = start;
  let found: number | null = null;
  forEachCluster(ctx.doc.text.bytes(start, end), (shown, length, clusterCells) => {
    if (shown === '\n') return false;
    const w = shown === '\t' ? tabCells(cells, width) : clusterCells;
    if (cells + w > width) return false;
    if (col < cells + w) {
      found = offset;
      return false;
    }
    cells += w;
    offset += length;
    return true;
  });
  return found;
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
  const offset = offsetAtColumn(ctx, row.start, row.end, ctx.wrap.chop ? col + shift : col);
  if (offset === null) return null;
  const links = ctx.doc.links;
  const [from, to] = links.range(offset, offset + 1);
  let link: number | null = null;
  for (let i = from; i < to; i++) if (links.overlaps(i, offset, offset + 1)) link = i;
  return link;
}
