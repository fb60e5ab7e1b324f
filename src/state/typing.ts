// The typing modes: search (/ and ?), filter (&), fork (>), exec (!),
// examine (:e), and a web page's login (a user name, then a password). Editing the line, recalling earlier lines, what Enter does in
// each, and the incremental search while a search is typed.
import type { LineAction } from './actions.ts';
import * as edit from './lineedit.ts';
import type { FirstMatch } from '../document/matches.ts';
import type { TypingMode } from './bindings.ts';
import type { Context, Effect, Result, SearchOrigin, State } from './types.ts';
import { firstShown, jumpTop, keepSelectionOnScreen, next } from './selection.ts';
import { submitFilter } from './filter.ts';
import { queryOf, togglePrefix } from './query.ts';
import { NEWLINE_MARK } from './fields.ts';

const none = (state: State): Result => ({ state, effects: [] });

const toGround = (state: State): State => ({ ...state, mode: 'ground', line: edit.emptyLine, recall: 0, draft: '', searchOrigin: null, login: null });

/** The view as it was before the search was typed, still typing it (a query with nothing to show): its direction stays the one typed. */
function backToOrigin(state: State): State {
  const origin = state.searchOrigin;
  if (!origin) return state;
  return { ...state, top: origin.top, selected: origin.selected, matches: origin.matches, match: origin.match };
}

/**
 * After an edit of a search line, with incremental search on: look for the
 * new query's first match from where the typing began. The screen stays
 * until it is found (incFound); a line with nothing to look for goes back.
 */
/**
 * A search line longer than this (a paste) is searched at Enter, not as it
 * is typed: a caseless non-ASCII query becomes a pattern of every case form
 * of each character, and a pattern of 100,000 alternations is compiled (and
 * sent to the regex worker) again for each batch of keys.
 */
const INCREMENTAL_MAX = 1000;

function incremental(result: Result, before: State, ctx: Context): Result {
  const { state } = result;
  const origin = state.searchOrigin;
  if (ctx.incsearch === false || state.mode !== 'search' || !origin || state.line.text === before.line.text) return result;
  if (state.line.text.length > INCREMENTAL_MAX) return { ...result, effects: [...result.effects, stopIncremental] };
  const { query } = queryOf(state.line.text, state.searchBackward, ctx.regexSearch);
  const effect: Effect = { kind: 'incsearch', query, from: origin.top };
  return { state: query ? state : backToOrigin(state), effects: [...result.effects, effect] };
}

/** The incremental search found the first match of the query typed (or found none): show it whole, or go back. */
export function incrementalFound(state: State, { matches, first }: FirstMatch, ctx: Context): State {
  const origin = state.searchOrigin;
  if (state.mode !== 'search' || !origin) return state;
  // An answer for a line since changed is not shown (the pager stops those, but one may be on its way).
  const { query } = queryOf(state.line.text, state.searchBackward, ctx.regexSearch);
  if (!query || query.text !== matches.query.text || query.regex !== matches.query.regex) return state;
  if (first === null) return { ...backToOrigin(state), matches: null, match: null };
  const shown = firstShown(state, matches, first);
  const top = jumpTop(ctx, shown);
  return keepSelectionOnScreen({ ...state, top, matches, match: shown }, top >= state.top ? 1 : -1, ctx);
}

/** The selected link's target as LINK gets it: the resolved URL, or empty. */
export function linkValue(state: State, ctx: Context): string {
  if (state.selected === null) return '';
  const target = ctx.links.get(state.selected);
  return target.ok ? target.href : '';
}

/** Adds a line to a mode's history, unless it repeats the last one. */
function remember(state: State, mode: TypingMode, text: string): State {
  const list = state.history[mode];
  if (text === '' || list[list.length - 1] === text) return state;
  return { ...state, history: { ...state.history, [mode]: [...list, text] } };
}

/** Up / Down: an earlier or later line of this mode's history; past the last, the draft again. */
function recall(state: State, mode: TypingMode, by: 1 | -1): State {
  const list = state.history[mode];
  const to = Math.max(0, Math.min(list.length, state.recall + by));
  if (to === state.recall) return state;
  const draft = state.recall === 0 ? state.line.text : state.draft;
  const text = to === 0 ? draft : list[list.length - to];
  return { ...state, recall: to, draft, line: edit.lineOf(text) };
}

export function editLine(state: State, mode: TypingMode, action: LineAction | ['type', string], ctx: Context): Result {
  const result = applyEdit(state, mode, action, ctx);
  // Leaving search mode without a search (Escape, Backspace on an empty line) returns to where it began.
  if (mode === 'search' && result.state.mode === 'ground' && action[0] !== 'submit') {
    const back = { ...result.state, ...originView(state) };
    return { state: back, effects: [...result.effects, stopIncremental] };
  }
  return incremental(result, state, ctx);
}

const stopIncremental: Effect = { kind: 'incsearch', query: null, from: 0 };

/** The parts of the view the origin holds, as they were (or as they are, with no origin). */
function originView(state: State): Partial<State> {
  const origin = state.searchOrigin;
  if (!origin) return {};
  return { top: origin.top, selected: origin.selected, matches: origin.matches, match: origin.match, searchBackward: origin.searchBackward };
}

function applyEdit(state: State, mode: TypingMode, action: LineAction | ['type', string], ctx: Context): Result {
  const line = state.line;
  switch (action[0]) {
    case 'type':
      return none({ ...state, line: edit.insert(line, action[1]) });
    case 'deleteBack':
      if (line.text === '') return none(toGround(state));
      return none({ ...state, line: edit.deleteBack(line) });
    case 'deleteForward':
      return none({ ...state, line: edit.deleteForward(line) });
    case 'clearLine':
      return none({ ...state, line: edit.emptyLine });
    case 'deleteWord':
      return none({ ...state, line: edit.deleteWord(line) });
    case 'cursorLeft':
      return none({ ...state, line: edit.left(line) });
    case 'cursorRight':
      return none({ ...state, line: edit.right(line) });
    case 'cursorHome':
      return none({ ...state, line: edit.home(line) });
    case 'cursorEnd':
      return none({ ...state, line: edit.end(line) });
    case 'historyPrev':
      return none(recall(state, mode, 1));
    case 'historyNext':
      return none(recall(state, mode, -1));
    case 'toggleRegex': {
      if (mode !== 'search' && mode !== 'filter') return none(state);
      const prefix = togglePrefix(ctx.regexSearch);
      const text = line.text.startsWith(prefix) ? line.text.slice(prefix.length) : prefix + line.text;
      const cursor = Math.max(0, line.cursor + text.length - line.text.length);
      return none({ ...state, line: { text, cursor } });
    }
    case 'newline':
      return none({ ...state, line: edit.insert(line, NEWLINE_MARK) });
    case 'cancel':
      return none(toGround(state));
    case 'submit':
      return submit(state, mode, ctx);
  }
}

function submit(state: State, mode: TypingMode, ctx: Context): Result {
  // Before anything is remembered: a password is never kept.
  if (mode === 'login') return submitLogin(state);
  const text = state.line.text;
  const after = toGround(remember(state, mode, text));
  if (mode === 'search') {
    const origin = state.searchOrigin;
    if (text === '') {
      const again = repeatSearch(after, origin, ctx);
      const from = origin?.top ?? state.top;
      const moved = again.state.top !== from ? { ...again.state, lastJump: from } : again.state;
      return { state: moved, effects: [stopIncremental, ...again.effects] };
    }
    const result = submitSearch(after, text, ctx, origin?.top);
    if (!origin || ctx.incsearch === false) return result;
    // The screen stays where the incremental search took it; '' goes back to where the typing began.
    const moved = result.state.top !== origin.top ? { ...result.state, lastJump: origin.top } : result.state;
    return { state: moved, effects: [stopIncremental, ...result.effects] };
  }
  if (mode === 'filter') return submitFilter(after, text, ctx.regexSearch);
  if (text.trim() === '') return none(after);
  if (mode === 'examine') return { state: after, effects: [{ kind: 'examine', path: text }] };
  if (mode === 'save' && state.saveTarget) return { state: { ...after, saveTarget: null }, effects: [{ kind: 'download', path: text.trim(), target: state.saveTarget }] };
  if (mode === 'save') return { state: after, effects: [{ kind: 'save', path: text }] };
  if (mode === 'pipe') {
    const piped = state.piped ?? { from: state.top, to: state.top };
    return { state: { ...after, piped: null }, effects: [{ kind: 'pipe', command: text, ...piped, link: linkValue(state, ctx) }] };
  }
  return {
    state: after,
    effects: [{ kind: 'run', command: text, link: linkValue(state, ctx), then: mode === 'fork' ? 'resume' : 'exit' }],
  };
}

/** Enter on a login's line: the user name, then the password, which goes to the pager and nowhere else. */
function submitLogin(state: State): Result {
  const login = state.login;
  const text = state.line.text;
  if (!login || (login.user === null && text === '')) return none({ ...toGround(state), message: 'No login sent' });
  if (login.user === null) {
    // RFC 7617: the user name ends at the first colon.
    if (text.includes(':')) return none({ ...state, message: 'A user name cannot hold a colon (:)' });
    return none({ ...state, line: edit.emptyLine, login: { ...login, user: text } });
  }
  return { state: toGround(state), effects: [{ kind: 'login', user: login.user, password: text }] };
}

/** `from`: where the search starts (where its typing began), else the screen's top. */
function submitSearch(state: State, text: string, ctx: Context, from?: number): Result {
  const { query, error } = queryOf(text, state.searchBackward, ctx.regexSearch);
  if (error !== null) return none({ ...state, message: error });
  if (query === null) return none(state);
  return { state, effects: [{ kind: 'search', query, ...(from === undefined ? {} : { from }) }] };
}

/**
 * / or ? and Enter on an empty line: the last search again, as less does, in
 * the direction just typed: the search still active steps on from its match
 * (as n), else the last line in the history is searched for anew.
 */
function repeatSearch(state: State, origin: SearchOrigin | null, ctx: Context): Result {
  const backward = state.searchBackward;
  const view = { ...state, ...originView({ ...state, searchOrigin: origin }), searchBackward: backward };
  if (view.matches !== null) return next(view, ['next', 1], 1, ctx);
  const last = state.history.search[state.history.search.length - 1];
  if (last === undefined) return none({ ...view, message: 'No previous search: type a pattern' });
  return submitSearch(view, last, ctx, origin?.top);
}
