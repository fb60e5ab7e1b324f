// The mouse (--mouse): which link a click on the screen is on. The rows say
// what is drawn at a cell (rows/hit.ts); here, the click's key.
import { clickPosition } from '../../term/keys.ts';
import { linkAtCell } from '../rows/hit.ts';
import type { Context } from './types.ts';

/**
 * The innermost link drawn where the click `key` was, or null (not a click, or
 * not on a link). `shift`: the columns chopped lines are scrolled sideways by.
 */
export function clickedLink(ctx: Context, top: number, key: string, shift = 0): number | null {
  const at = clickPosition(key);
  if (at === null) return null;
  // The line numbers' column (-N) is left of the text.
  const col = at.col - (ctx.gutter ?? 0);
  const link = col < 0 ? null : linkAtCell(ctx, top, at.row, col, shift);
  // A link drawn as text (a manual page man has not) is text to a click too.
  return link !== null && ctx.links.shown(link) ? link : null;
}
