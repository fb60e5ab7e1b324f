// Scrolling sideways while long lines are chopped (-S): h, l, Left, Right,
// half a screen or a count of columns, as in less; and what n, N, Tab or a
// search selects, scrolled into view sideways. A selected link that scrolling
// leaves off screen gives way to one that shows, or to none.
import { columnsOf, firstLinkShown, shiftToShow, showsColumns, widestRow } from '../rows/chop.ts';
import type { Context, State } from './types.ts';

/** Moves the rows' first column by half a screen (or `count` columns) in `direction`. */
export function sideways(state: State, direction: number, count: number | null, ctx: Context): State {
  if (!ctx.rows.chop) return { ...state, message: 'Long lines wrap: -S chops them, and then h and l scroll sideways' };
  // A count sets the step for this move and the later ones, as in less.
  const sideStep = count ?? state.sideStep;
  const step = sideStep ?? Math.max(1, Math.floor(ctx.rows.width / 2));
  let shift = Math.max(0, state.shift + direction * step);
  if (direction > 0) {
    // No further than shows the end of the widest line on screen.
    // The walk goes no further than the shift asked for: a key costs the columns it shows, not a long line's.
    const furthest = Math.max(0, widestRow(ctx, state.top, shift + ctx.rows.width) - ctx.rows.width);
    shift = Math.max(state.shift, Math.min(shift, furthest));
  }
  return keepSelectionInView({ ...state, shift, sideStep }, ctx);
}

/** A selected link whose text is off screen sideways: the first link that shows instead, or none. */
export function keepSelectionInView(state: State, ctx: Context): State {
  if (!ctx.rows.chop) return state;
  const links = ctx.doc.links;
  const width = ctx.rows.width;
  const shows = (i: number) => showsColumns(state.shift, columnsOf(ctx, links.start(i), links.end(i)), width);
  if (state.selected === null || shows(state.selected)) return state;
  return { ...state, selected: firstLinkShown(ctx, state.top, state.shift) };
}

/** Chopped: scrolls sideways, if need be, to show the current match or else the selected link. */
export function revealSideways(state: State, ctx: Context): State {
  if (!ctx.rows.chop) return state;
  let span: [number, number] | null = null;
  if (state.matches !== null && state.match !== null) {
    const i = state.matches.spans.firstStartingAt(state.match);
    const end = i < state.matches.spans.count ? state.matches.spans.end(i) : state.match + 1;
    span = [state.match, end];
  } else if (state.selected !== null) {
    span = [ctx.doc.links.start(state.selected), ctx.doc.links.end(state.selected)];
  }
  if (span === null) return state;
  // One that shows in part, cut at an edge, stays as it is: it shows, and is selected, as far as it goes.
  const columns = columnsOf(ctx, span[0], span[1]);
  if (showsColumns(state.shift, columns, ctx.rows.width)) return state;
  const shift = shiftToShow(state.shift, columns, ctx.rows.width);
  return shift === state.shift ? state : { ...state, shift };
}
