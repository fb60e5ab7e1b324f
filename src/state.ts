// The pager's state and how keys change it: a pure function of the state, the
// key, the document and its wrap, returning the next state and the effects to
// carry out (quit, redraw, wait for loading). No I/O here.
import * as keymap from '../keymap.ts';
import type { Action } from './actions.ts';
import type { Document } from './document/document.ts';
import type { Wrap } from './wrap.ts';

export type Mode = 'ground';

export interface State {
  mode: Mode;
  /** Offset of the first character on screen: it survives re-wrapping. */
  top: number;
  /** Digits typed before a motion. */
  count: string;
  /** Shown on the status line until the next key. */
  message: string | null;
}

export type Effect =
  | { kind: 'quit'; status: number }
  | { kind: 'redraw' }
  /** The action needs the whole document: run it again once loading is done. */
  | { kind: 'awaitLoad'; action: Action; count: number | null };

export interface Context {
  doc: Document;
  wrap: Wrap;
  /** Rows of text on screen (the status line not counted). */
  height: number;
}

export interface Result {
  state: State;
  effects: Effect[];
}

export const initialState: State = { mode: 'ground', top: 0, count: '', message: null };

/** Applies one key. */
export function press(state: State, key: string, ctx: Context): Result {
  state = { ...state, message: null };
  if (/^[0-9]$/.test(key) && (state.count !== '' || key !== '0')) {
    return { state: { ...state, count: (state.count + key).slice(0, 9) }, effects: [] };
  }
  const action = keymap.ground[key];
  const count = state.count === '' ? null : Number(state.count);
  state = { ...state, count: '' };
  if (!action) return { state, effects: [] };
  return update(state, action, count, ctx);
}

/** Applies one action, with the count typed before it (null if none). */
export function update(state: State, action: Action, count: number | null, ctx: Context): Result {
  const times = count ?? 1;
  const half = Math.max(1, Math.floor(ctx.height / 2));
  switch (action[0]) {
    case 'quit':
      return { state, effects: [{ kind: 'quit', status: 0 }] };
    case 'redraw':
      return { state, effects: [{ kind: 'redraw' }] };
    case 'scrollLines':
      return { state: scrollBy(state, action[1] * times, ctx), effects: [] };
    case 'scrollHalfScreens':
      return { state: scrollBy(state, action[1] * times * half, ctx), effects: [] };
    case 'scrollScreens':
      return { state: scrollBy(state, action[1] * times * ctx.height, ctx), effects: [] };
    case 'top':
      if (count !== null) return goToLine(state, action, count, ctx);
      return { state: { ...state, top: 0 }, effects: [] };
    case 'bottom':
      if (count !== null) return goToLine(state, action, count, ctx);
      if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count }] };
      return { state: { ...state, top: ctx.wrap.bottomTop(ctx.height) }, effects: [] };
  }
}

/** The furthest the top can go: the end of the text on the last row. */
export function maxTop(ctx: Context): number {
  return ctx.wrap.bottomTop(ctx.height);
}

function scrollBy(state: State, rows: number, ctx: Context): State {
  let top: number;
  if (rows >= 0) top = Math.min(ctx.wrap.down(state.top, rows), Math.max(state.top, maxTop(ctx)));
  else top = ctx.wrap.up(state.top, -rows);
  return { ...state, top };
}

/** Offset of the start of line `n` (1-based), or null when the text has fewer lines. */
export function lineOffset(doc: Document, n: number): number | null {
  let offset = 0;
  for (let line = 1; line < n; line++) {
    const nl = doc.text.indexOf(0x0a, offset);
    if (nl < 0 || nl + 1 >= doc.text.length) return null;
    offset = nl + 1;
  }
  return offset;
}

function goToLine(state: State, action: Action, n: number, ctx: Context): Result {
  const offset = lineOffset(ctx.doc, Math.max(1, n));
  if (offset === null) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action, count: n }] };
    return { state: { ...state, top: maxTop(ctx) }, effects: [] };
  }
  const top = Math.min(ctx.wrap.rowStart(offset), Math.max(0, maxTop(ctx)));
  return { state: { ...state, top }, effects: [] };
}
