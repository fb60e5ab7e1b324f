// What a key can do: the actions keymap.ts binds keys to, their names and
// arguments only (src/state/state.ts and the modules it calls give them
// meaning). The vocabulary keymap.ts and state/bindings.ts share: it imports
// nothing, so the key table can name actions without a circle.

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
  /** ESC-u (less's): the search ends; n and N walk links again. */
  | ['endSearch']
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
  /** ^C: stop the page loading; when none is, quit ('stay': less's ^C, which never quits). */
  | ['interrupt']
  | ['interrupt', 'stay']
  /** Z: a second Z quits (less's ZZ). */
  | ['zz']
  /** s (less's keys): save the input to a file, its name typed. */
  | ['save']
  /** | (less's keys): a mark's letter, then a command that gets the text from the mark to the screen on its input. */
  | ['pipe']
  /** v (less's keys): edit the file in $VISUAL or $EDITOR at the line on top. */
  | ['edit']
  /** #: numbers before the links, shown or hidden (while they show, a count then Enter follows that link). */
  | ['linkNumbers']
  /** L: the page's links, as a page of links. */
  | ['linkList']
  /** V: the pages of this session, as a page of links. */
  | ['historyList']
  /** S: save the page shown (its source), or the selected link's target, to a file named on the status line. */
  | ['saveAs']
  /** a: add the page shown, or the selected link, to the bookmarks. */
  | ['bookmark']
  /** B: open the bookmarks. */
  | ['bookmarks'];

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
  | ['toggleRegex']
  /** Typing a text area: a line break (shown as ⏎). */
  | ['newline'];

/** Keys on a selected form field: Enter acts on it (types, toggles, offers the options, sends), space toggles a checkbox or radio button. */
export type FieldAction = ['fieldEnter'] | ['fieldToggle'];

/** Choosing a select's options from the list on screen. */
export type OptionsAction = ['optionMove', 1 | -1] | ['optionChoose'] | ['optionToggle'] | ['optionCancel'];

/** Actions of the link preview. */
export type PreviewAction = ['close'];

/** Actions of a yes-or-no question; a page that is not text is asked save, text or cancel (s/t/c). */
export type QuestionAction = ['yes'] | ['no'] | ['save'] | ['text'];

/** Actions while lwl waits for input or a search: stop waiting, or suspend (the wait goes on after fg). */
export type BusyAction = ['stop'] | ['suspend'];
/** Before the first screen (keymap.ts's `starting`). */
export type StartAction = ['quit'];
