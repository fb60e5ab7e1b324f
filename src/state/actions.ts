// What a key can do: the actions keymap.ts binds keys to, and the few that
// the pager itself reports. Names and arguments only; src/state/state.ts and
// the modules it calls give them meaning.
import type { FirstMatch } from '../document/search.ts';
import type { LineFilter } from '../document/linefilter.ts';
import type { Question } from './types.ts';

/** Actions of ground mode. */
export type GroundAction =
  | ['quit']
  | ['redraw']
  | ['scrollLines', number]
  | ['scrollHalfScreens', number]
  | ['scrollScreens', number]
  | ['top']
  | ['bottom']
  /** p / %: N percent of the way down (the count; none: the top). */
  | ['percent']
  /** m: the next key, a letter, names a mark for this place. */
  | ['mark']
  /** ': the next key, a letter, goes back to that mark ('' to where the last jump started). */
  | ['goToMark']
  /** = / ^G: where you are. */
  | ['info']
  /** h: the help screen, every key of every mode. */
  | ['help']
  /** :, then n p x e d: files (next, previous, first, open one, drop this one). */
  | ['colon']
  /** F: follow the input as it grows, like less's F (^C stops). */
  | ['tail']
  /** n / N: the next or previous search match, or link when no search is active. */
  | ['next', 1 | -1]
  /** Tab / Shift-Tab: the next or previous link on screen, round and round. */
  | ['cycle', 1 | -1]
  | ['search', 'forward' | 'backward']
  /** &: show only the lines that match a pattern (& alone: all of them again). */
  | ['filter']
  | ['fork']
  | ['exec']
  /** Enter: follow the selected link. */
  | ['follow']
  /** A mouse click (--mouse): on a link, selects it; on the selected link, follows it. */
  | ['click']
  | ['back']
  | ['preview']
  /** ^Z: give the terminal back and stop, until continued (fg). */
  | ['suspend']
  /** K: read the document again as the other kind (markup, plain), at the same line. */
  | ['switchKind']
  /** \\: the raw text, every escape a token (again: back), at the same line. */
  | ['rawView']
  /** l / Right, Left: half a screen sideways while long lines are chopped (a count: that many columns). */
  | ['sideways', number]
  /** h: half a screen left while long lines are chopped; else the help. */
  | ['leftOrHelp']
  /** -: the next key, a letter, turns that option on or off (-N, -S, -i, -I). */
  | ['option']
  /** o: load the selected link in this lwl; O: hand it to the browser command. */
  | ['followIn', 'lwl' | 'browser']
  /** r: load the page again. */
  | ['reload']
  /** ^C: stop the page loading; when none is, quit. */
  | ['interrupt'];

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

/** Actions of a yes-or-no question. */
export type QuestionAction = ['yes'] | ['no'];

/** Actions while lwl waits for input or a search: stop waiting, or suspend (the wait goes on after fg). */
export type BusyAction = ['stop'] | ['suspend'];

/** Not bound to keys: what the pager reports to the state. */
export type PagerAction =
  /** A search found the match to show first (or that there is none); it goes on counting. */
  | ['searchFound', FirstMatch]
  /** The search counted more matches. */
  | ['searchCounted']
  /** A filter (&pattern) began to be built: show it. */
  | ['filterStarted', LineFilter]
  /** The filter found more lines, or all of them. */
  | ['filterGrew']
  /** While a search is typed, its first match from where the typing began (or none). */
  | ['incFound', FirstMatch]
  /** Work that takes a while started or goes on: show its progress; keys now stop it. */
  | ['busy', string]
  /** That work ended. */
  | ['idle']
  /** Something to tell the user (a file that cannot be opened, nothing to go back to). */
  | ['notice', string]
  /** While following the input (F): show its end. */
  | ['toBottom']
  /** The text was wrapped anew (a resize): keep the same text at the top. */
  | ['rewrapped']
  /** Ask a question (y or n) on the status line. */
  | ['ask', Question]
  /** A page loaded again: back to where the screen was, as far as it has arrived. */
  | ['restoreTop', number];
