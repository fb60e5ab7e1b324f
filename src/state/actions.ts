// What a key can do: the actions keymap.ts binds keys to. Names and
// arguments only; src/state.ts and the modules it calls give them meaning.
import type { Matches } from '../document/search.ts';

/** Actions of ground mode. */
export type GroundAction =
  | ['quit']
  | ['redraw']
  | ['scrollLines', number]
  | ['scrollHalfScreens', number]
  | ['scrollScreens', number]
  | ['top']
  | ['bottom']
  /** F: follow the input as it grows, like less's F (^C stops). */
  | ['tail']
  /** n / N: the next or previous search match, or link when no search is active. */
  | ['step', 1 | -1]
  /** Tab / Shift-Tab: the next or previous link on screen, round and round. */
  | ['cycle', 1 | -1]
  | ['search', 'forward' | 'backward']
  | ['fork']
  | ['exec']
  | ['follow']
  | ['back']
  | ['preview'];

/** Actions of the typing modes (search, fork, exec). */
export type LineAction =
  | ['submit']
  | ['cancel']
  | ['deleteBack']
  | ['deleteForward']
  | ['clearLine']
  | ['deleteWord']
  | ['cursorLeft']
  | ['cursorRight']
  | ['cursorHome']
  | ['cursorEnd']
  | ['historyPrev']
  | ['historyNext']
  /** Adds or removes the regular-expression prefix (search mode). */
  | ['toggleRegex'];

/** Actions of the link preview. */
export type PreviewAction = ['close'];

/** Not bound to keys: the pager reports a finished search. */
export type InternalAction = ['searchDone', Matches];

export type Action = GroundAction | LineAction | PreviewAction | InternalAction;
