// The selection: stepping through markups: search matches while a search is active, else
// links. Stepping starts from the screen when the current one is off it, and
// scrolls only as far as needed to show the next.
import type { GroundAction } from './actions.ts';
import type { Spans } from '../document/spans.ts';
import type { Matches } from '../document/search.ts';
import type { Context, Result, State } from './state.ts';
import { isOnScreen, screenEnd, showOffset, spansOnScreen } from '../view/view.ts';
import { formatCount } from '../text/count.ts';


/** "match 3 of 1,204" */
export function matchMessage(current: number, total: number): string {
  return `match ${formatCount(current + 1)} of ${formatCount(total)}`;
}

/** n / N, `times` times. */
export function next(state: State, action: GroundAction & ['next', 1 | -1], times: number, ctx: Context): Result {
  const searching = state.matches !== null;
  // After a backward search, n goes backward and N forward, as in less.
  const direction = searching && state.searchBackward ? -action[1] : action[1];
  const spans = searching ? state.matches!.spans : ctx.doc.links;
  let index = searching ? state.match : state.selected;
  if (spans.count === 0) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count: times }] };
    return { state: { ...state, message: searching ? 'No matches found' : 'No links in this document' }, effects: [] };
  }
  let top = state.top;
  for (let k = 0; k < times; k++) {
    let next: number;
    if (index === null || !isOnScreen(ctx, top, spans.start(index))) {
      next = direction > 0 ? spans.firstStartingAt(top) : spans.lastStartingBefore(screenEnd(ctx, top));
    } else {
      next = index + direction;
    }
    if (next < 0) return { state: moved(state, index, top, searching, 'Already at first'), effects: [] };
    if (next >= spans.count) {
      if (!ctx.doc.complete) return { state: moved(state, index, top, searching, null), effects: [{ kind: 'awaitLoad', action, count: times - k }] };
      return { state: moved(state, index, top, searching, 'No more'), effects: [] };
    }
    index = next;
    top = showOffset(ctx, top, spans.start(index));
  }
  const message = searching ? matchMessage(index!, spans.count) : null;
  return { state: moved(state, index, top, searching, message), effects: [] };
}

function moved(state: State, index: number | null, top: number, searching: boolean, message: string | null): State {
  return searching ? { ...state, match: index, top, message } : { ...state, selected: index, top, message };
}

/** Tab / Shift-Tab: the next or previous link on screen, wrapping around. */
export function cycle(state: State, direction: 1 | -1, ctx: Context): State {
  const range = spansOnScreen(ctx, state.top, ctx.doc.links);
  if (!range) return { ...state, message: 'No links on screen' };
  const [first, last] = range;
  const current = state.selected;
  let next: number;
  if (current === null || current < first || current > last) next = direction > 0 ? first : last;
  else next = current + direction > last ? first : current + direction < first ? last : current + direction;
  return { ...state, selected: next };
}

/** Moves the top, keeping the selected link on screen. */
export function scrollTo(state: State, top: number, ctx: Context): State {
  return keepSelectionOnScreen({ ...state, top }, top >= state.top ? 1 : -1, ctx);
}

/**
 * After scrolling, a selected link that left the screen gives way to the first
 * link on screen (scrolling down) or the last (scrolling up); with no link on
 * screen, nothing is selected: a link never acts from off screen.
 */
export function keepSelectionOnScreen(state: State, direction: 1 | -1, ctx: Context): State {
  if (state.selected === null) return state;
  const links = ctx.doc.links;
  if (isOnScreen(ctx, state.top, links.start(state.selected))) return state;
  const range = spansOnScreen(ctx, state.top, links);
  if (!range) return { ...state, selected: null };
  return { ...state, selected: direction > 0 ? range[0] : range[1] };
}

/** The first match to show after a search: from the screen on, in the search's direction, wrapping. */
function firstMatch(spans: Spans, backward: boolean, top: number): { index: number; wrapped: boolean } {
  if (!backward) {
    const i = spans.firstStartingAt(top);
    return i < spans.count ? { index: i, wrapped: false } : { index: 0, wrapped: true };
  }
  const i = spans.lastStartingBefore(top);
  return i >= 0 ? { index: i, wrapped: false } : { index: spans.count - 1, wrapped: true };
}

/** A search finished: show its first match and how many there are. */
export function searchDone(state: State, matches: Matches, ctx: Context): State {
  const spans = matches.spans;
  if (spans.count === 0) return { ...state, matches: null, match: null, message: 'No matches found' };
  const { index, wrapped } = firstMatch(spans, matches.query.backward, state.top);
  const top = showOffset(ctx, state.top, spans.start(index));
  const note = wrapped ? (matches.query.backward ? ' (from the bottom)' : ' (from the top)') : '';
  return {
    ...state,
    matches,
    match: index,
    searchBackward: matches.query.backward,
    top,
    message: matchMessage(index, spans.count) + note,
  };
}
