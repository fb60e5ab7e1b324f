// Getting to a link without stepping through the others: while link numbers
// show (#), a count then Enter follows that link. (A search's match selects
// the link it is in: selection.ts.)
import { showOffset } from '../rows/viewport.ts';
import { formatCount } from '../text/count.ts';
import { follow } from './follow.ts';
import type { Context, Result, State } from './types.ts';

/** Link numbers show on these rows: a count before Enter names a link, not lines to scroll. */
export const numbersShown = (ctx: Context): boolean => ctx.rows.labels != null;

/** A count then Enter while the numbers show: link `n` (counted from 1) selected, brought on screen and followed. */
export function followNumber(state: State, n: number, ctx: Context): Result {
  const links = ctx.doc.links;
  if (n < 1 || n > links.count) {
    // The link may be further on than the page has arrived: Enter again once it is read.
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action: ['follow'], count: n }] };
    const has = links.count === 0 ? 'no links' : links.count === 1 ? 'one link' : `${formatCount(links.count)} links`;
    return { state: { ...state, message: `No link [${n}]: this page has ${has}` }, effects: [] };
  }
  const index = n - 1;
  const top = showOffset(ctx, state.top, links.start(index));
  return follow({ ...state, selected: index, top }, ctx);
}
