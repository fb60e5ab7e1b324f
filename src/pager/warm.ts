// The first search of a session costs its code's first run: V8 compiles the
// search, the state's searchFound and the drawing of matches only when they
// are first called, and runs them unoptimised, about ten times the cost of the
// same search a second time (16 ms of processor time against 1.5 on /e). So
// once, between keys after the first screen, that path runs on the page as it
// is (its first block, a scratch state and a scratch screen: nothing shown,
// nothing kept), and the first search the user types answers in the key's turn
// as later ones do.
import { SearchRun } from '../document/searchrun.ts';
import type { Query } from '../document/search.ts';
import { update, type Context, type State } from '../state/state.ts';
import { Screen, type Frame } from '../../term/screen.ts';

/** The commonest letter, searched caselessly as a `/e` is: one byte, either case. */
const QUERY: Query = { text: 'e', regex: false, backward: false };

/**
 * Runs a search's first slice and draws its result off screen, from `state` on
 * `ctx`; `frame` draws a state as the pager does, and `endShowing` says where
 * the screen a match is shown on ends, as for the search a key starts (so the
 * screen's block is searched the same way, as far as the screen).
 */
export function warmSearch(ctx: Context, state: State, frame: (state: State) => Frame, endShowing: (offset: number) => number): void {
  // Not while a search or filter is under way: they share the scanner's search class.
  if (state.mode !== 'ground' || state.matches !== null || state.filter !== null) return;
  const run = new SearchRun(ctx.doc.text, QUERY, state.top, { inThread: true, endShowing });
  // The first block: where the first match on screen is found.
  run.step(Date.now() + 1);
  run.stop();
  const screen = new Screen();
  screen.render(frame(state));
  const found = update(state, ['searchFound', { matches: run.matches, first: run.first, wrapped: run.wrapped }], null, ctx).state;
  screen.render(frame(found));
}
