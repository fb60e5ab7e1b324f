// The typing modes: search (/ and ?), fork (>) and exec (!). Editing the line,
// recalling earlier lines, and what Enter does in each.
import { regexPrefix } from '../../keymap.ts';
import type { LineAction } from './actions.ts';
import * as edit from './lineedit.ts';
import { compile } from '../document/search.ts';
import type { TypingMode } from './bindings.ts';
import type { Context, Result, State } from './types.ts';

const none = (state: State): Result => ({ state, effects: [] });

const toGround = (state: State): State => ({ ...state, mode: 'ground', line: edit.emptyLine, recall: 0, draft: '' });

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
      if (mode !== 'search') return none(state);
      const prefix = regexPrefix;
      const text = line.text.startsWith(prefix) ? line.text.slice(prefix.length) : prefix + line.text;
      const cursor = Math.max(0, line.cursor + text.length - line.text.length);
      return none({ ...state, line: { text, cursor } });
    }
    case 'cancel':
      return none(toGround(state));
    case 'submit':
      return submit(state, mode, ctx);
  }
}

function submit(state: State, mode: TypingMode, ctx: Context): Result {
  const text = state.line.text;
  const after = toGround(remember(state, mode, text));
  if (mode === 'search') return submitSearch(after, text);
  if (text.trim() === '') return none(after);
  if (mode === 'examine') return { state: after, effects: [{ kind: 'examine', path: text }] };
  return {
    state: after,
    effects: [{ kind: 'run', command: text, link: linkValue(state, ctx), then: mode === 'fork' ? 'resume' : 'exit' }],
  };
}

function submitSearch(state: State, text: string): Result {
  // An empty query ends the search: n and N walk links again.
  if (text === '') return none({ ...state, matches: null, match: null });
  const regex = text.startsWith(regexPrefix);
  const query = { text: regex ? text.slice(regexPrefix.length) : text, regex, backward: state.searchBackward };
  if (query.text === '') return none({ ...state, matches: null, match: null });
  const compiled = compile(query);
  if (!compiled.ok) return none({ ...state, message: compiled.error });
  return { state, effects: [{ kind: 'search', query }] };
}
