// The pager's state and how keys change it: a pure function of the state, the
// key and the context (document, wrap, link targets), returning the next state
// and the effects for the pager to carry out (quit, search, run a command,
// open a file). It does no I/O of its own; the document it asks may read
// blocks of a file back (FileText), and fragment jumps scan the text.
import type { GroundAction } from './actions.ts';
import { maxTop, screenEnd, topFor } from '../rows/viewport.ts';
import type { Bindings, Mode, TypingMode } from './bindings.ts';
import type { Context, Effect, PagerAction, Result, State } from './types.ts';
import { answer, follow, interrupt, reload } from './follow.ts';
import { emptyLine } from './lineedit.ts';
import { cycle, next, scrollTo, searchCounted, searchFound } from './selection.ts';
import { editLine, incrementalFound, linkValue } from './typing.ts';
import { lineOf } from './lineedit.ts';
import { editField, fieldKey, pressOptions } from './fields.ts';
import { clickedLink } from './mouse.ts';
import { formatCount } from '../text/count.ts';
import { toggleOption } from './toggles.ts';
import { keepSelectionInView, revealSideways, sideways } from './sideways.ts';
import { filterGrew, filterStarted, withFilter } from './filter.ts';
import { filterStatus } from './filter-status.ts';
import { endWindowActions } from '../../keymap.ts';
import { followNumber, numbersShown } from './link-targeting.ts';

export type { Context, Effect, Mode, Result, State, TypingMode };

export const initialState: State = {
  mode: 'ground',
  top: 0,
  shift: 0,
  sideStep: null,
  count: '',
  pending: null,
  marks: {},
  lastJump: null,
  jumps: [],
  message: null,
  busy: null,
  selected: null,
  matches: null,
  match: null,
  line: emptyLine,
  searchBackward: false,
  history: { search: [], filter: [], fork: [], exec: [], examine: [], save: [], pipe: [], login: [], field: [] },
  recall: 0,
  draft: '',
  searchOrigin: null,
  filter: null,
  question: null,
};

const isTypedText = (key: string) => !(key.length > 2 && key.startsWith('<') && key.endsWith('>'));

const none = (state: State): Result => ({ state, effects: [] });

/** The mode a key typed now would be typed into as text: a typing line, not busy, the key not bound there. */
export function typesText(state: State, key: string, bindings: Bindings): boolean {
  const mode = state.mode;
  if (state.busy !== null || mode === 'ground' || mode === 'preview' || mode === 'question' || mode === 'options') return false;
  return isTypedText(key) && bindings.for(mode, key) === undefined;
}

/**
 * Text typed into the line, as one edit: keys read together (a paste) that
 * typesText said are text. One edit, not one a character, so that a paste
 * costs the line's length once, not once a character.
 */
export function typeText(state: State, text: string, ctx: Context): Result {
  const mode = state.mode;
  if (mode === 'ground' || mode === 'preview' || mode === 'question' || mode === 'options') return none(state);
  return editLine({ ...state, message: null }, mode, ['type', text], withFilter(ctx, state.filter));
}

/** Applies one key. */
export function press(state: State, key: string, ctx: Context): Result {
  ctx = withFilter(ctx, state.filter);
  if (state.busy !== null) {
    // While busy, only the keys that stop the wait do anything.
    const action = ctx.bindings.for('busy', key);
    if (!action) return none(state);
    if (action[0] === 'suspend') return { state, effects: [{ kind: 'suspend' }] };
    return { state: { ...state, busy: null, message: null }, effects: [{ kind: 'stop' }] };
  }
  state = { ...state, message: null };
  const mode = state.mode;
  switch (mode) {
    case 'ground':
      return pressGround(state, key, ctx);
    case 'preview':
      // Its own keys close it, and so does any other.
      return none({ ...state, mode: 'ground' });
    case 'question': {
      const action = ctx.bindings.for('question', key);
      if (!action) return none(state);
      // s and t answer only the question that offers them (a page that is not text); t sees it, as y does.
      if (action[0] === 'save' || action[0] === 'text') return state.question?.save ? answer(state, action[0]) : none(state);
      return answer(state, action[0]);
    }
    case 'options': {
      const action = ctx.bindings.for('options', key);
      return action ? pressOptions(state, action, ctx) : none(state);
    }
    case 'field': {
      const action = ctx.bindings.for('field', key) ?? (isTypedText(key) ? (['type', key] as const) : null);
      return action ? editField(state, action, ctx, (s, a) => editLine(s, 'field', a, ctx)) : none(state);
    }
    default: {
      const action = ctx.bindings.for(mode, key);
      if (action) return editLine(state, mode, action, ctx);
      if (isTypedText(key)) return editLine(state, mode, ['type', key], ctx);
      return none(state);
    }
  }
}

function pressGround(state: State, key: string, ctx: Context): Result {
  if (state.pending !== null) return pressSecond({ ...state, pending: null, count: '' }, state.pending, key, ctx);
  if (/^[0-9]$/.test(key) && (state.count !== '' || key !== '0')) {
    return none({ ...state, count: (state.count + key).slice(0, 9) });
  }
  // A selected form field takes Enter (and space, a checkbox's) first.
  const onField = fieldKey(state, key, ctx);
  if (onField) return onField;
  const action = ctx.bindings.for('ground', key);
  const count = state.count === '' ? null : Number(state.count);
  state = { ...state, count: '' };
  if (!action) return none(state);
  if (ctx.endWindow && leavesEndWindow(action, count)) return { state, effects: [{ kind: 'leaveEnd', action, count }] };
  if (action[0] === 'click') {
    // A click on a link selects it; a second click on it follows it, as Enter does.
    const link = clickedLink(ctx, state.top, key, state.shift);
    if (link === null) return none(state);
    return link === state.selected ? updateGround(state, ['follow'], null, ctx) : none({ ...state, selected: link });
  }
  return updateGround(state, action, count, ctx);
}

/** An action G's window cannot do: it needs the whole file (G with a count: a line the window does not know). */
const leavesEndWindow = (action: GroundAction, count: number | null) =>
  !endWindowActions.includes(action[0]) || (action[0] === 'bottom' && count !== null);

const isMarkLetter = (key: string) => /^[a-zA-Z]$/.test(key);

const colonCommands = { n: 'next', p: 'previous', x: 'first', d: 'drop' } as const;

/** What less's secure mode turns off, by action: said on the status line when one is pressed. */
const insecure = { fork: '>', exec: '!', save: 's', pipe: '|', edit: 'v', saveAs: 'S', bookmark: 'a', bookmarks: 'B' } as const;
/** The name LESSSECURE_ALLOW gives each (less's: ! is shell, s is logfile). */
const secureFeature = { fork: 'shell', exec: 'shell', save: 'logfile', pipe: 'pipe', edit: 'edit', examine: 'examine' } as const;

/** Secure mode turns `action` off: it is on and LESSSECURE_ALLOW does not name it. */
function securedAgainst(ctx: Context, action: keyof typeof secureFeature): boolean {
  return ctx.secure && !(ctx.secureAllows?.has(secureFeature[action]) ?? false);
}

/** |'s range: from the mark (^ the top, $ the end, . or Enter the screen) to the screen, as less's |m. */
function pipeRange(state: State, key: string, ctx: Context): { from: number; to: number } | null {
  const end = screenEnd(ctx, state.top);
  if (key === '.' || key === '<Enter>') return { from: state.top, to: end };
  const mark = key === '^' ? 0 : key === '$' ? ctx.doc.text.length : state.marks[key];
  if (mark === undefined) return null;
  return mark <= state.top ? { from: mark, to: end } : { from: state.top, to: mark };
}

/** The key after m or ' (a mark's letter), or after : (a file command). */
function pressSecond(state: State, first: NonNullable<State['pending']>, key: string, ctx: Context): Result {
  if (first === 'option') return toggleOption(state, key);
  if (first === 'zz') return key === 'Z' ? { state, effects: [{ kind: 'quit', status: 0 }] } : none(state);
  if (first === 'pipe') {
    const piped = pipeRange(state, key, ctx);
    if (!piped) return none({ ...state, message: isMarkLetter(key) ? `Mark ${key} is not set` : "| then a mark's letter, ^, $ or ." });
    return none({ ...state, mode: 'pipe', piped, line: emptyLine, recall: 0 });
  }
  if (first === 'colon') {
    if (key === 'e') {
      if (securedAgainst(ctx, 'examine')) return none({ ...state, message: ':e is disabled in secure mode' });
      return none({ ...state, mode: 'examine', line: emptyLine, recall: 0 });
    }
    if (key === 'q' || key === 'Q') return { state, effects: [{ kind: 'quit', status: 0 }] };
    const which = colonCommands[key as keyof typeof colonCommands];
    if (!which) return none({ ...state, message: ':n, :p, :x, :e, :d or :q' });
    return { state, effects: [{ kind: 'file', which }] };
  }
  if (first === 'mark') {
    if (!isMarkLetter(key)) return none({ ...state, message: 'A mark is a letter: m then a-z or A-Z' });
    return none({ ...state, marks: { ...state.marks, [key]: state.top }, message: `Mark ${key} set` });
  }
  if (key === "'") {
    if (state.lastJump === null) return none({ ...state, message: 'No jump to go back to yet' });
    return none(jumped(state, scrollTo(state, Math.min(state.lastJump, maxTop(ctx)), ctx)));
  }
  if (key === '^') return updateGround(state, ['top'], null, ctx);
  if (key === '$') return updateGround(state, ['bottom'], null, ctx);
  if (!isMarkLetter(key)) return none({ ...state, message: "' then a mark's letter, or ' again for the last jump" });
  const at = state.marks[key];
  if (at === undefined) return none({ ...state, message: `Mark ${key} is not set` });
  return none(jumped(state, scrollTo(state, Math.min(at, maxTop(ctx)), ctx)));
}

/** `after` is `before` moved by a jump: '' goes back to where it started. */
function jumped(before: State, after: State): State {
  return after.top === before.top ? after : { ...after, lastJump: before.top };
}

/** Applies an action the pager reports, or a ground action again once the document it waited for is read. */
export function update(state: State, action: GroundAction | PagerAction, count: number | null, ctx: Context): Result {
  ctx = withFilter(ctx, state.filter);
  switch (action[0]) {
    case 'searchFound':
      return none(revealSideways(jumped(state, searchFound(state, action[1], ctx)), ctx));
    case 'searchCounted':
      return none(searchCounted(state));
    case 'filterStarted':
      return none(filterStarted(state, action[1], ctx));
    case 'filterGrew':
      return none(filterGrew(state, ctx));
    case 'incFound':
      return none(incrementalFound(state, action[1], ctx));
    case 'busy':
      return none({ ...state, busy: action[1] });
    case 'idle':
      return none({ ...state, busy: null });
    case 'notice':
      return none({ ...state, message: action[1] });
    case 'toBottom':
      return none({ ...state, top: Math.max(state.top, maxTop(ctx)) });
    case 'rewrapped':
      return none({ ...state, top: ctx.rows.rowStart(state.top) });
    case 'ask':
      return none({ ...state, mode: 'question', question: action[1], message: null });
    case 'askLogin':
      return none({ ...state, mode: 'login', line: emptyLine, recall: 0, login: { ...action[1], user: null }, message: null });
    case 'restoreTop':
      return none({ ...state, top: ctx.rows.rowStart(Math.min(action[1], Math.max(0, ctx.doc.text.length - 1))) });
    case 'typeSave':
      return none({ ...state, mode: 'save', line: lineOf(action[2]), recall: 0, saveTarget: action[1], message: null });
    default:
      return updateGround(state, action, count, ctx);
  }
}

/** Actions that move the view by a jump (not a scroll): '' comes back from them. */
const jumps = new Set<GroundAction[0]>(['top', 'bottom', 'percent', 'next', 'follow']);

function updateGround(state: State, action: GroundAction, count: number | null, ctx: Context): Result {
  let result = applyGround(state, action, count, ctx);
  // Chopped, what n, N or Tab selects is scrolled into view sideways too.
  if (action[0] === 'next' || action[0] === 'cycle') result = { ...result, state: revealSideways(result.state, ctx) };
  // Chopped, a link that scrolling selects off to the side gives way to one that shows, as one off screen does.
  else result = { ...result, state: keepSelectionInView(result.state, ctx) };
  if (!jumps.has(action[0])) return result;
  return { ...result, state: jumped(state, result.state) };
}

function applyGround(state: State, action: GroundAction, count: number | null, ctx: Context): Result {
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
      return { state: scrollTo(state, maxTop(ctx), ctx), effects: [{ kind: 'recheck', action, count }] };
    case 'next':
      return next(state, action, times, ctx);
    case 'cycle':
      return none(cycle(state, action[1], ctx));
    case 'search': {
      const { top, selected, matches, match, searchBackward } = state;
      const searchOrigin = { top, selected, matches, match, searchBackward };
      return none({ ...state, mode: 'search', searchBackward: action[1] === 'backward', line: emptyLine, recall: 0, searchOrigin });
    }
    case 'endSearch':
      return none({ ...state, matches: null, match: null, message: state.matches ? 'Search ended' : null });
    case 'filter':
      return none({ ...state, mode: 'filter', line: emptyLine, recall: 0 });
    case 'fork':
    case 'exec':
    case 'save':
      if (securedAgainst(ctx, action[0])) return none({ ...state, message: `${insecure[action[0]]} is disabled in secure mode` });
      return none({ ...state, mode: action[0], line: emptyLine, recall: 0, saveTarget: null });
    case 'saveAs':
    case 'bookmark': {
      if (ctx.secure) return none({ ...state, message: `${insecure[action[0]]} is disabled in secure mode` });
      if (action[0] === 'bookmark') return { state, effects: [{ kind: 'bookmark', link: state.selected }] };
      return { state, effects: [{ kind: 'saveAs', link: linkValue(state, ctx) || null }] };
    }
    case 'bookmarks':
      // A file not named on the command line.
      if (ctx.secure) return none({ ...state, message: `${insecure.bookmarks} is disabled in secure mode` });
      return { state, effects: [{ kind: 'bookmarks' }] };
    case 'pipe':
      if (securedAgainst(ctx, 'pipe')) return none({ ...state, message: '| is disabled in secure mode' });
      return none({ ...state, pending: 'pipe', message: "|: a mark's letter, ^ the top, $ the end, . this screen" });
    case 'edit':
      if (securedAgainst(ctx, 'edit')) return none({ ...state, message: 'v is disabled in secure mode' });
      return { state, effects: [{ kind: 'edit', line: ctx.lines.lineOf(state.top) ?? 1 }] };
    case 'zz':
      return none({ ...state, pending: 'zz' });
    case 'follow':
      // Link numbers shown: a count names the link to follow.
      if (count !== null && numbersShown(ctx)) return followNumber(state, count, ctx);
      // Nothing selected: one line down, as Enter does in less.
      if (state.selected === null) return none(scrollBy(state, times, ctx));
      return follow(state, ctx);
    case 'back': {
      // Back through the fragment jumps of this document first, as w3m's B.
      const last = state.jumps[state.jumps.length - 1];
      if (!last) return { state, effects: [{ kind: 'back' }] };
      const back = scrollTo({ ...state, jumps: state.jumps.slice(0, -1) }, Math.min(last.top, maxTop(ctx)), ctx);
      return none({ ...back, selected: last.selected });
    }
    case 'percent':
      if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count }] };
      return none(scrollTo(state, topFor(ctx, Math.floor((ctx.doc.text.length * Math.min(100, count ?? 0)) / 100)), ctx));
    case 'mark':
    case 'goToMark':
    case 'colon':
      return none({ ...state, pending: action[0] });
    case 'option':
      return none({ ...state, pending: 'option', message: 'Set option: -' });
    case 'sideways':
      return none(sideways(state, action[1], count, ctx));
    case 'leftOrHelp':
      if (!ctx.rows.chop) return { state, effects: [{ kind: 'help' }] };
      return none(sideways(state, -1, count, ctx));
    case 'info':
      return none({ ...state, message: describePlace(state, ctx) });
    case 'help':
      return { state, effects: [{ kind: 'help' }] };
    case 'tail':
      return { state, effects: [{ kind: 'tail' }] };
    case 'suspend':
      return { state, effects: [{ kind: 'suspend' }] };
    case 'switchKind':
      return { state, effects: [{ kind: 'reread', as: 'switch' }] };
    case 'rawView':
      return { state, effects: [{ kind: 'reread', as: 'raw' }] };
    case 'preview':
      if (state.selected === null) return none({ ...state, message: 'No link selected: n selects one' });
      return none({ ...state, mode: 'preview' });
    case 'followIn':
      if (state.selected === null) return none({ ...state, message: 'No link selected: n selects one' });
      return follow(state, ctx, action[1]);
    case 'reload':
      return reload(state, ctx);
    case 'interrupt':
      return interrupt(state, ctx, action[1] === 'stay');
    case 'click':
      // pressGround acts on it: it has the key, which says where.
      return none(state);
    case 'linkNumbers':
      return { state, effects: [{ kind: 'toggle', option: '#' }] };
    case 'linkList':
      // The list is of every link: the whole page first.
      if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count }] };
      return { state, effects: [{ kind: 'list', of: 'links' }] };
    case 'historyList':
      return { state, effects: [{ kind: 'list', of: 'history' }] };
  }
}


/** = and ^G: the document, where the screen is in it, its links and the search. */
function describePlace(state: State, ctx: Context): string {
  const doc = ctx.doc;
  const name = doc.name === '-' ? 'standard input' : doc.name;
  const end = screenEnd(ctx, state.top);
  const total = doc.complete ? doc.text.length : null;
  const where =
    total === null
      ? `bytes ${formatCount(state.top)}-${formatCount(end)} of ? (still reading)`
      : `bytes ${formatCount(state.top)}-${formatCount(end)} of ${formatCount(total)} (${total === 0 ? 100 : Math.floor((100 * end) / total)}%)`;
  const links = `${formatCount(doc.links.count)}${doc.complete ? '' : '+'} links`;
  const search = state.matches ? `, search: ${formatCount(state.matches.total)}${state.matches.complete ? '' : '+'} matches` : '';
  const filter = state.filter ? `, showing ${filterStatus(state.filter)}` : '';
  const title = doc.title ? ` "${doc.title}"` : '';
  const told = ctx.web?.facts();
  const facts = told ? `${told}; ` : '';
  return `${name}${title} (${doc.kind}): ${facts}${where}, ${links}${search}${filter}`;
}

function scrollBy(state: State, rows: number, ctx: Context): State {
  let top: number;
  if (rows >= 0) top = Math.min(ctx.rows.down(state.top, rows), Math.max(state.top, maxTop(ctx)));
  else top = ctx.rows.up(state.top, -rows);
  return scrollTo(state, top, ctx);
}

function goToLine(state: State, action: GroundAction, n: number, ctx: Context): Result {
  // The line index the pager counts between keys: one block's scan once it has counted that far.
  const offset = ctx.lines.lineStart(Math.max(1, n));
  if (offset === null) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count: n }] };
    return none(scrollTo(state, maxTop(ctx), ctx));
  }
  return none(scrollTo(state, topFor(ctx, offset), ctx));
}
