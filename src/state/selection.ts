// The selection: stepping through markups: search matches while a search is active, else
// links. Stepping starts from the screen when the current one is off it. A
// link is scrolled only as far as needed to show it; a search's match lands
// on the -j row, as in less (the top row by default).
import type { GroundAction } from './actions.ts';
import type { FirstMatch, Matches } from '../document/matches.ts';
import type { LineFilter } from '../document/linefilter.ts';
import type { Context, JumpTarget, Result, State } from './types.ts';
import { isOnScreen, maxTop, screenEnd, showOffset, spansOnScreen, type Viewport } from '../rows/viewport.ts';
import { formatCount } from '../text/count.ts';
import { linkAt } from '../rows/hit.ts';


/** "match 3 of 1,204", or "match ? of ≥1,204…" while the search is still counting. */
export function matchMessage(matches: Matches, match: number): string {
  const index = matches.indexOf(match);
  const total = matches.complete ? formatCount(matches.total) : `≥${formatCount(matches.total)}…`;
  return `match ${index === null ? '?' : formatCount(index + 1)} of ${total}`;
}

/** n / N, `times` times. */
export function next(state: State, action: GroundAction & ['next', 1 | -1], times: number, ctx: Context): Result {
  if (state.matches !== null) return nextMatch(state, state.matches, action, times, ctx);
  const direction = action[1];
  const spans = ctx.doc.links;
  let index = state.selected;
  if (spans.count === 0) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count: times }] };
    return { state: { ...state, message: 'No links in this document' }, effects: [] };
  }
  let top = state.top;
  for (let k = 0; k < times; k++) {
    let next: number;
    if (index === null || !isOnScreen(ctx, top, spans.start(index))) {
      next = direction > 0 ? spans.firstStartingAt(top) : spans.lastStartingBefore(screenEnd(ctx, top));
    } else {
      next = index + direction;
    }
    next = shownLink(state, ctx, next, direction);
    if (next < 0) return { state: moved(state, index, top, false, 'Already at first'), effects: [] };
    if (next >= spans.count) {
      if (!ctx.doc.complete) return { state: moved(state, index, top, false, null), effects: [{ kind: 'awaitLoad', action, count: times - k }] };
      return { state: moved(state, index, top, false, 'No more'), effects: [] };
    }
    index = next;
    top = showOffset(ctx, top, spans.start(index));
  }
  return { state: moved(state, index, top, false, null), effects: [] };
}

/** n / N through search matches: from the current one, or from the screen when it is off it. */
function nextMatch(state: State, matches: Matches, action: GroundAction & ['next', 1 | -1], times: number, ctx: Context): Result {
  // After a backward search, n goes backward and N forward, as in less.
  const direction = state.searchBackward ? -action[1] : action[1];
  // A pattern not found stays the search, as in less: n and N look again (the text may have grown).
  if (matches.complete && matches.total === 0) return { state, effects: [{ kind: 'search', query: matches.query }] };
  let match = state.match;
  let top = state.top;
  for (let k = 0; k < times; k++) {
    let next: number | null;
    if (match === null || !isOnScreen(ctx, top, match)) {
      next = direction > 0 ? matches.firstAtOrAfter(top) : matches.lastBefore(screenEnd(ctx, top));
    } else {
      next = direction > 0 ? matches.firstAtOrAfter(match + 1) : matches.lastBefore(match);
    }
    if (next !== null && next >= 0 && state.filter) next = shownMatch(state.filter, matches, next, direction);
    if (next === null) return { state: moved(state, match, top, true, 'Still searching there: try again in a moment'), effects: [] };
    if (next < 0) return { state: moved(state, match, top, true, direction > 0 ? 'No more' : 'Already at first'), effects: [] };
    match = next;
    top = jumpTop(ctx, match);
  }
  return { state: matchShown(moved(state, match, top, true, matchMessage(matches, match!)), ctx), effects: [] };
}

function moved(state: State, index: number | null, top: number, searching: boolean, message: string | null): State {
  return searching ? { ...state, match: index, top, message } : { ...state, selected: index, top, message };
}

/** The link a search's match at `match` is in (null: none): the selection, so that Enter follows it. */
const linkOfMatch = (ctx: Context, match: number): number | null => linkAt(ctx.doc.links, match);

/** A match shown: the link it is in becomes the selection (none: nothing is selected). */
function matchShown(state: State, ctx: Context): State {
  return state.match === null ? state : { ...state, selected: linkOfMatch(ctx, state.match) };
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
  // &pattern: a link on a line not shown is passed over, as is one drawn as text.
  for (let k = first; k <= last && !linkShown(state, ctx, next); k++) {
    next = next + direction > last ? first : next + direction < first ? last : next + direction;
  }
  if (!linkShown(state, ctx, next)) return { ...state, message: 'No links on screen' };
  return { ...state, selected: next };
}

/** Moves the top, keeping the selected link on screen. */
export function scrollTo(state: State, top: number, ctx: Context): State {
  // &pattern: the top is on a line shown (the filtered rows' rowStart).
  if (state.filter) top = ctx.rows.rowStart(top);
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
  let pick = direction > 0 ? range[0] : range[1];
  // &pattern: the first (or last) link on a line shown.
  while (pick >= range[0] && pick <= range[1] && !linkShown(state, ctx, pick)) pick += direction;
  return { ...state, selected: pick >= range[0] && pick <= range[1] ? pick : null };
}

/** A search found its first match (or none): show it and what is counted so far. */
export function searchFound(state: State, { matches, first, wrapped }: FirstMatch, ctx: Context): State {
  // The pattern stays (n tries again), with nothing to highlight, as less keeps it.
  if (first === null) return { ...state, matches, match: null, searchBackward: matches.query.backward, message: 'Pattern not found' };
  first = firstShown(state, matches, first);
  const top = jumpTop(ctx, first);
  const note = wrapped ? (matches.query.backward ? ' (from the bottom)' : ' (from the top)') : '';
  return {
    ...state,
    matches,
    match: first,
    selected: linkOfMatch(ctx, first),
    searchBackward: matches.query.backward,
    top,
    message: matchMessage(matches, first) + note,
  };
}

/** The search counted more: a match message still shown follows the count. */
export function searchCounted(state: State): State {
  if (state.matches === null || state.match === null || !state.message?.startsWith('match ')) return state;
  const note = / \(from the (top|bottom)\)$/.exec(state.message)?.[0] ?? '';
  return { ...state, message: matchMessage(state.matches, state.match) + note };
}

/** The screen row (0 the top) of less's -j: its line counted from the top (1) or the bottom (-1), or a fraction of the way down. */
export function targetRow(height: number, jump: JumpTarget = { line: 1 }): number {
  const row = 'fraction' in jump ? Math.floor(jump.fraction * height) : jump.line > 0 ? jump.line - 1 : jump.line < 0 ? height + jump.line : 0;
  return Math.max(0, Math.min(height - 1, row));
}

/** A top that puts the row holding `offset` on the -j row, as far as the ends of the text allow (less's jump_loc). */
export function jumpTop(view: Viewport & { jumpTarget?: JumpTarget }, offset: number): number {
  const top = view.rows.up(view.rows.rowStart(offset), targetRow(view.height, view.jumpTarget));
  return Math.min(top, Math.max(0, maxTop(view)));
}

/** A top that shows [start, end), scrolling as little as possible; its start first if not all of it fits. */
export function showRange(view: Viewport, top: number, start: number, end: number): number {
  const shown = showOffset(view, top, start);
  const last = Math.max(start, end - 1);
  if (isOnScreen(view, shown, last)) return shown;
  const lower = showOffset(view, shown, last);
  if (isOnScreen(view, lower, start)) return lower;
  return Math.min(view.rows.rowStart(start), Math.max(shown, maxTop(view)));
}

/** &pattern: a search's first match, or the nearest on a line shown in its direction, if that is known. */
export function firstShown(state: State, matches: Matches, first: number): number {
  if (!state.filter) return first;
  const shown = shownMatch(state.filter, matches, first, matches.query.backward ? -1 : 1);
  return shown !== null && shown >= 0 ? shown : first;
}

/** &pattern: link `index`, or the nearest after it (before, going up) on a line shown and drawn as a link; past the end, out of range as it was. */
function shownLink(state: State, ctx: Context, index: number, direction: 1 | -1): number {
  const links = ctx.doc.links;
  while (index >= 0 && index < links.count && !linkShown(state, ctx, index)) index += direction;
  return index;
}

/** Link `index` is on a line shown (&pattern) and drawn as a link (a manual page man has not is text). */
function linkShown(state: State, ctx: Context, index: number): boolean {
  return (!state.filter || state.filter.shows(ctx.doc.links.start(index))) && ctx.links.shown(index);
}

/** &pattern: the match at `at`, or the nearest after it (before, going up) on a line shown; -1 if none, null if not known yet. */
function shownMatch(filter: LineFilter, matches: Matches, at: number, direction: number): number | null {
  let next: number | null = at;
  while (next !== null && next >= 0 && !filter.shows(next)) {
    const line = filter.lineAtOrAfter(next);
    if (direction > 0) next = line < filter.count ? matches.firstAtOrAfter(filter.start(line)) : -1;
    else next = line > 0 ? matches.lastBefore(filter.end(line - 1)) : -1;
  }
  return next;
}
