// The pager's state and how keys change it: a pure function of the state, the
// key, the document and its wrap, returning the next state and the effects to
// carry out (quit, search, run a command, open a file). No I/O here.
import * as keymap from '../../keymap.ts';
import type { Action, GroundAction } from './actions.ts';
import type { Document } from '../document/document.ts';
import { lineOffset } from '../document/lines.ts';
import { emptyLine, type Line } from './lineedit.ts';
import type { LinkTargets } from '../link/targets.ts';
import type { Matches, Query, SearchJob } from '../document/search.ts';
import { follow } from './follow.ts';
import { cycle, scrollTo, searchDone, step } from './steps.ts';
import { editLine, type TypingMode } from './typing.ts';
import { maxTop, topFor, type Viewport } from '../view/view.ts';

export type Mode = 'ground' | TypingMode | 'preview';

export interface State {
  mode: Mode;
  /** Offset of the first character on screen: it survives re-wrapping. */
  top: number;
  /** Digits typed before a motion. */
  count: string;
  /** Shown on the status line until the next key. */
  message: string | null;
  /** The selected link (an index into the document's links), if any. */
  selected: number | null;
  /** The active search, if any: n and N walk its matches instead of links. */
  matches: Matches | null;
  /** The current match (an index into matches.spans). */
  current: number | null;
  /** The typed line, in a typing mode. */
  line: Line;
  /** The search mode was entered with '?'. */
  backward: boolean;
  /** Lines entered this session, per typing mode, oldest first. */
  history: Record<TypingMode, string[]>;
  /** While recalling history: how far back (1 = the last entry); the draft is the line as typed before. */
  recall: number;
  draft: string;
}

export type Effect =
  | { kind: 'quit'; status: number }
  | { kind: 'redraw' }
  /** The action needs the whole document: run it again once loading is done. */
  | { kind: 'awaitLoad'; action: Action; count: number | null }
  /** Search the whole document with the compiled query, then report with a searchDone action. */
  | { kind: 'search'; query: Query; start: (doc: Document) => SearchJob }
  /** Run a shell command with LINK in its environment; then resume, or end lwl with its status. */
  | { kind: 'run'; command: string; link: string; then: 'resume' | 'exit' }
  /** Open a local file (a file: URL) in this lwl. */
  | { kind: 'open'; url: string }
  /** Hand a link to the browser command. */
  | { kind: 'browse'; link: string }
  /** Go back to the previous document. */
  | { kind: 'back' }
  /** Follow the input as it grows, showing its end (less's F). */
  | { kind: 'tail' };

export interface Context extends Viewport {
  doc: Document;
  links: LinkTargets;
}

export interface Result {
  state: State;
  effects: Effect[];
}

export const initialState: State = {
  mode: 'ground',
  top: 0,
  count: '',
  message: null,
  selected: null,
  matches: null,
  current: null,
  line: emptyLine,
  backward: false,
  history: { search: [], fork: [], exec: [] },
  recall: 0,
  draft: '',
};

const isTypedText = (key: string) => !(key.length > 2 && key.startsWith('<') && key.endsWith('>'));

/** Applies one key. */
export function press(state: State, key: string, ctx: Context): Result {
  state = { ...state, message: null };
  switch (state.mode) {
    case 'ground':
      return pressGround(state, key, ctx);
    case 'preview':
      return { state: { ...state, mode: 'ground' }, effects: [] };
    default: {
      const action = keymap[state.mode][key];
      if (action) return update(state, action, null, ctx);
      if (isTypedText(key)) return editLine(state, ['type', key]);
      return { state, effects: [] };
    }
  }
}

function pressGround(state: State, key: string, ctx: Context): Result {
  if (/^[0-9]$/.test(key) && (state.count !== '' || key !== '0')) {
    return { state: { ...state, count: (state.count + key).slice(0, 9) }, effects: [] };
  }
  const action = keymap.ground[key];
  const count = state.count === '' ? null : Number(state.count);
  state = { ...state, count: '' };
  if (!action) return { state, effects: [] };
  return update(state, action, count, ctx);
}

const none = (state: State): Result => ({ state, effects: [] });

/** Applies one action, with the count typed before it (null if none). */
export function update(state: State, action: Action, count: number | null, ctx: Context): Result {
  switch (action[0]) {
    case 'close':
      return none({ ...state, mode: 'ground' });
    case 'searchDone':
      return none(searchDone(state, action[1], ctx));
    case 'submit':
    case 'cancel':
    case 'deleteBack':
    case 'deleteForward':
    case 'clearLine':
    case 'deleteWord':
    case 'cursorLeft':
    case 'cursorRight':
    case 'cursorHome':
    case 'cursorEnd':
    case 'historyPrev':
    case 'historyNext':
    case 'toggleRegex':
      return editLine(state, action, ctx);
    default:
      return updateGround(state, action, count, ctx);
  }
}

function updateGround(state: State, action: GroundAction, count: number | null, ctx: Context): Result {
  const times = count ?? 1;
  const half = Math.max(1, Math.floor(ctx.height / 2));
  switch (action[0]) {
    case 'quit':
      return { state, effects: [{ kind: 'quit', status: 0 }] };
    case 'redraw':
      return { state, effects: [{ kind: 'redraw' }] };
    case 'scrollLines':
      return none(scrollBy(state, action[1] * times, ctx));
    case 'scrollHalfScreens':
      return none(scrollBy(state, action[1] * times * half, ctx));
    case 'scrollScreens':
      return none(scrollBy(state, action[1] * times * ctx.height, ctx));
    case 'top':
      if (count !== null) return goToLine(state, action, count, ctx);
      return none(scrollTo(state, 0, ctx));
    case 'bottom':
      if (count !== null) return goToLine(state, action, count, ctx);
      if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count }] };
      return none(scrollTo(state, maxTop(ctx), ctx));
    case 'step':
      return step(state, action, times, ctx);
    case 'cycle':
      return none(cycle(state, action[1], ctx));
    case 'search':
      return none({ ...state, mode: 'search', backward: action[1] === 'backward', line: emptyLine, recall: 0 });
    case 'fork':
    case 'exec':
      return none({ ...state, mode: action[0], line: emptyLine, recall: 0 });
    case 'follow':
      return follow(state, ctx);
    case 'back':
      return { state, effects: [{ kind: 'back' }] };
    case 'tail':
      return { state, effects: [{ kind: 'tail' }] };
    case 'preview':
      if (state.selected === null) return none({ ...state, message: 'No link selected: n selects one' });
      return none({ ...state, mode: 'preview' });
  }
}

function scrollBy(state: State, rows: number, ctx: Context): State {
  let top: number;
  if (rows >= 0) top = Math.min(ctx.wrap.down(state.top, rows), Math.max(state.top, maxTop(ctx)));
  else top = ctx.wrap.up(state.top, -rows);
  return scrollTo(state, top, ctx);
}

function goToLine(state: State, action: GroundAction, n: number, ctx: Context): Result {
  const offset = lineOffset(ctx.doc, Math.max(1, n));
  if (offset === null) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count: n }] };
    return none(scrollTo(state, maxTop(ctx), ctx));
  }
  return none(scrollTo(state, topFor(ctx, offset), ctx));
}
