// &pattern in the state: typing it, and the filter the pager builds for it.
// The filter's rows are src/rows/filtered.ts's; here, where the
// screen goes as its lines become known.
import type { LineFilter } from '../document/linefilter.ts';
import { maxTop } from '../rows/viewport.ts';
import { filteredRows } from '../rows/filtered.ts';
import { keepSelectionOnScreen } from './selection.ts';
import { queryOf } from './query.ts';
import type { Result, Context, State } from './types.ts';

/** Enter on the & line: a pattern filters, nothing (or a pattern that does not compile) says so, an empty line shows all again. */
export function submitFilter(state: State, text: string, regexSearch?: boolean): Result {
  if (text === '') return { state: { ...state, filter: null }, effects: [{ kind: 'filter', query: null, replaces: state.filter }] };
  // &!pattern (less's): the lines that do not match.
  const invert = text.startsWith('!');
  const { query: found, error } = queryOf(invert ? text.slice(1) : text, false, regexSearch);
  const query = found && invert ? { ...found, invert } : found;
  if (error !== null || query === null) return { state: { ...state, message: error ?? 'Nothing to filter by' }, effects: [] };
  return { state, effects: [{ kind: 'filter', query, replaces: state.filter }] };
}

/** The filter began: its lines show from the screen's line on, as they are found. */
export function filterStarted(state: State, filter: LineFilter, ctx: Context): State {
  return settle({ ...state, filter }, ctx);
}

/** The filter found more lines: once all are known, the top settles on a line shown (or the last screen of them). */
export function filterGrew(state: State, ctx: Context): State {
  if (!state.filter?.complete) return state;
  return settle(state, ctx);
}

/** The context as the state sees it: with a filter, its rows are the filtered view's. */
export function withFilter(ctx: Context, filter: LineFilter | null): Context {
  if (filter === null) return ctx;
  const rows = filteredRows(ctx.rows, filter);
  return rows === ctx.rows ? ctx : { ...ctx, rows };
}

function settle(state: State, ctx: Context): State {
  const filter = state.filter!;
  ctx = withFilter(ctx, filter);
  // While lines are still being found the top keeps its place: the rows shown start at the first line found after it.
  if (!filter.complete) return state;
  const top = Math.min(ctx.rows.rowStart(state.top), Math.max(0, maxTop(ctx)));
  return keepSelectionOnScreen({ ...state, top: filter.count === 0 ? state.top : top }, 1, ctx);
}
