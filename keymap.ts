// lwl's key bindings, one table per mode, like the original's config.h: edit
// this file to rebind keys. Each binding names its keys, the action (see
// src/state/actions.ts) and a few words for the help screen.
//
// Keys are characters as typed ('j', 'G', '한', ' ') or names in angle
// brackets: <Up> <Down> <Left> <Right> <Home> <End> <PageUp> <PageDown>
// <Delete> <Insert> <Enter> <Tab> <S-Tab> <Backspace> <Escape> <F1>-<F4>, <C-x> for
// Ctrl-x and <M-x> for Alt-x, and with --mouse <WheelUp> <WheelDown> <Click>
// (test/keymap.test.ts checks every name here is one the terminal can send).
//
// A key not in its mode's table does nothing in ground mode or a question, is typed in the
// typing modes, and closes the preview.
import type { BusyAction, FieldAction, GroundAction, LineAction, OptionsAction, PreviewAction, QuestionAction, StartAction } from './src/state/actions.ts';

export interface Binding<A> {
  keys: string[];
  action: A;
  help: string;
}

const ground: Binding<GroundAction>[] = [
  // leaving
  { keys: ['q', 'Q'], action: ['quit'], help: 'quit (also when the input ends)' },
  { keys: ['Z'], action: ['zz'], help: "ZZ: quit, as less's (and :q)" },
  { keys: ['<C-c>'], action: ['interrupt'], help: 'stop the page loading, keeping what arrived; with none loading, quit' },

  // moving (a count typed first repeats the motion: 5j)
  { keys: ['j', '<Down>', 'e', '<C-e>', '<C-n>'], action: ['scrollLines', 1], help: 'one line down' },
  { keys: ['k', '<Up>', 'y', '<C-y>', '<C-p>', '<C-k>'], action: ['scrollLines', -1], help: 'one line up' },
  { keys: ['d', '<C-d>'], action: ['scrollHalfScreens', 1], help: 'half a screen down' },
  { keys: ['u', '<C-u>'], action: ['scrollHalfScreens', -1], help: 'half a screen up' },
  { keys: [' ', 'f', '<PageDown>', '<C-f>', '<C-v>'], action: ['scrollScreens', 1], help: 'a screen down' },
  { keys: ['b', '<PageUp>', '<C-b>', '<M-v>'], action: ['scrollScreens', -1], help: 'a screen up' },
  { keys: ['g', '<Home>', '<'], action: ['top'], help: 'the top (with a count: that line)' },
  { keys: ['G', '<End>'], action: ['bottom'], help: 'the bottom (with a count: that line)' },
  { keys: ['p', '%'], action: ['percent'], help: 'N percent of the way down (with a count N)' },
  { keys: ['m'], action: ['mark'], help: 'm and a letter: mark this place' },
  { keys: ["'"], action: ['goToMark'], help: "' and a letter: back to that mark; '': back to where the last jump started" },
  { keys: ['=', '<C-g>'], action: ['info'], help: 'where you are: file, kind, lines, bytes, links, search' },
  { keys: ['H', '<F1>'], action: ['help'], help: 'this help: every key of every mode' },
  { keys: ['h'], action: ['leftOrHelp'], help: 'with long lines chopped (-S): half a screen left; else this help' },
  { keys: ['l', '<Right>'], action: ['sideways', 1], help: 'with long lines chopped (-S): half a screen right (a count: that many columns, now and later)' },
  { keys: ['<Left>'], action: ['sideways', -1], help: 'with long lines chopped (-S): half a screen left (a count: that many columns, now and later)' },
  { keys: ['-'], action: ['option'], help: '- and a letter: -N line numbers, -S chop long lines, -i / -I case in searches, on or off' },
  { keys: [':'], action: ['colon'], help: ':n / :p the next / previous file, :x the first, :e open a file, :d drop this one' },
  { keys: ['F'], action: ['tail'], help: 'follow the input as it grows; ^C stops' },
  { keys: ['<C-l>'], action: ['redraw'], help: 'redraw the screen' },
  { keys: ['K'], action: ['switchKind'], help: 'read the document as the other kind: markup ([text](href) links) or plain' },
  { keys: ['\\'], action: ['rawView'], help: 'the raw text, every escape sequence a token; again: back' },
  { keys: ['<C-z>'], action: ['suspend'], help: 'suspend lwl (the shell\'s fg resumes it)' },

  // links and search results
  { keys: ['n'], action: ['next', 1], help: 'the next search match, or link when no search is active' },
  { keys: ['N'], action: ['next', -1], help: 'the previous search match, or link' },
  { keys: ['<Tab>'], action: ['cycle', 1], help: 'the next link on screen, round and round' },
  { keys: ['<S-Tab>'], action: ['cycle', -1], help: 'the previous link on screen' },
  { keys: ['v'], action: ['preview'], help: 'preview the selected link: text, URL, host, warnings' },
  { keys: ['<Enter>'], action: ['follow'], help: 'follow the selected link (none selected: one line down)' },
  { keys: ['<Backspace>'], action: ['back'], help: 'back: to the link a jump in this document left, or the previous document' },
  { keys: ['o'], action: ['followIn', 'lwl'], help: 'load the selected link in this lwl, whatever the browser command' },
  { keys: ['O'], action: ['followIn', 'browser'], help: 'hand the selected link to the browser command ($LINK)' },
  { keys: ['r'], action: ['reload'], help: 'load the page again (a web page is fetched, a file read), at the same place' },

  // link numbers and link lists (docs/browsing-links.md)
  { keys: ['#'], action: ['linkNumbers'], help: 'a number before every link ([12]), shown or hidden; while they show, a number then Enter follows that link (then g still goes to a line)' },
  { keys: ['L'], action: ['linkList'], help: "the page's links (number, text, URL) as a page of links: Enter follows one, Backspace returns" },
  { keys: ['V'], action: ['historyList'], help: 'the pages of this session (those Backspace goes back through, and this one), each a link' },

  // the mouse, with --mouse
  { keys: ['<WheelDown>'], action: ['scrollLines', 3], help: 'the mouse wheel (--mouse): three lines down' },
  { keys: ['<WheelUp>'], action: ['scrollLines', -3], help: 'the mouse wheel (--mouse): three lines up' },
  { keys: ['<Click>'], action: ['click'], help: 'a click (--mouse) on a link selects it; a second click on it follows it' },

  // typing modes
  { keys: ['/'], action: ['search', 'forward'], help: 'search forward (the screen follows the first match as it is typed; / Enter: the last search again)' },
  { keys: ['?'], action: ['search', 'backward'], help: 'search backward' },
  { keys: ['&'], action: ['filter'], help: 'show only the lines that match a pattern (&!pattern: those that do not; & alone: all again)' },
  { keys: ['<M-u>'], action: ['endSearch'], help: "end the search (less's ESC-u): no highlight, and n walks links again" },
  { keys: ['>'], action: ['fork'], help: 'run a command with $LINK, then come back' },
  { keys: ['!'], action: ['exec'], help: 'run a command with $LINK, and end lwl with its status' },

  // saving and bookmarks (docs/browsing-files.md)
  { keys: ['S'], action: ['saveAs'], help: "save the page shown (its source), or the selected link's target, to a file named on the status line" },
  { keys: ['a'], action: ['bookmark'], help: 'add the page shown, or the selected link, to the bookmarks ($XDG_DATA_HOME/lwl/bookmarks.md)' },
  { keys: ['B'], action: ['bookmarks'], help: 'open the bookmarks (as lwl --bookmarks does)' },
];

/**
 * --less-keys (--keys=less, LWL_KEYS=less, `options --less-keys` in the
 * config file): less's keys where lwl's differ, on top of the ground table.
 */
export const lessGroundKeys: Binding<GroundAction>[] = [
  { keys: ['v'], action: ['edit'], help: "edit the file in $VISUAL or $EDITOR at the line on top (less's v: lwl's preview then has no key, unless the config file binds one)" },
  { keys: ['!'], action: ['fork'], help: "run a command with $LINK, then come back (less's !)" },
  { keys: ['s'], action: ['save'], help: "save the input to a file (less's s)" },
  { keys: ['<C-c>'], action: ['interrupt', 'stay'], help: "stop the web page loading; never quits, as less's ^C (q does)" },
  { keys: ['|'], action: ['pipe'], help: "| and a mark's letter (^ the top, $ the end, . this screen), then a command: the text from the mark to the screen on its input (less's |)" },
];

/** Editing the typed line, shared by the typing modes. */
const lineEditing: Binding<LineAction>[] = [
  { keys: ['<Enter>'], action: ['submit'], help: 'act on the line' },
  { keys: ['<C-c>', '<Escape>'], action: ['cancel'], help: 'leave the mode (a search: back to where it began)' },
  { keys: ['<Backspace>'], action: ['deleteBack'], help: 'delete a character (on an empty line: leave)' },
  { keys: ['<Delete>'], action: ['deleteForward'], help: 'delete the character under the cursor' },
  { keys: ['<C-u>'], action: ['clearLine'], help: 'clear the line' },
  { keys: ['<C-w>'], action: ['deleteWord'], help: 'delete a word' },
  { keys: ['<Left>'], action: ['cursorLeft'], help: 'cursor left' },
  { keys: ['<Right>'], action: ['cursorRight'], help: 'cursor right' },
  { keys: ['<Home>', '<C-a>'], action: ['cursorHome'], help: 'cursor to the start' },
  { keys: ['<End>', '<C-e>'], action: ['cursorEnd'], help: 'cursor to the end' },
  { keys: ['<Up>'], action: ['historyPrev'], help: 'an earlier line' },
  { keys: ['<Down>'], action: ['historyNext'], help: 'a later line' },
];

const search: Binding<LineAction>[] = [
  ...lineEditing,
  { keys: ['<C-r>'], action: ['toggleRegex'], help: 'regular expression on or off (the re: prefix; with --regex-search, literal on or off: lit:)' },
];

/** A web page's login (a 401 asks): the line editing keys without Up and Down, as nothing typed here is kept. */
const login: Binding<LineAction>[] = lineEditing.filter(({ action }) => action[0] !== 'historyPrev' && action[0] !== 'historyNext');

/** Any other key closes the preview too. */
const preview: Binding<PreviewAction>[] = [{ keys: ['q', 'v', '<Escape>'], action: ['close'], help: 'close the preview' }];

/** While lwl waits (reading, searching, following the input): the keys that stop the wait. */
const busy: Binding<BusyAction>[] = [
  { keys: ['<C-c>', 'q', '<Escape>'], action: ['stop'], help: 'stop waiting, and stay where you are' },
  { keys: ['<C-z>'], action: ['suspend'], help: 'suspend lwl; the wait goes on after fg' },
];

/** Before the first screen, while the input (a pipe) has sent nothing: the keys read then. Others wait for the first screen. */
const starting: Binding<StartAction>[] = [{ keys: ['q', 'Q', '<C-c>'], action: ['quit'], help: 'quit before the input has sent anything' }];

/** A yes-or-no question on the status line (a file: link on a web page, a page that is not text). */
const question: Binding<QuestionAction>[] = [
  { keys: ['y', 'Y'], action: ['yes'], help: 'yes: do what is asked' },
  { keys: ['n', 'N', 'q', 'c', '<C-c>', '<Escape>'], action: ['no'], help: 'no (or cancel): leave things as they are' },
  { keys: ['s'], action: ['save'], help: 'a page that is not text: save it to the file named' },
  { keys: ['t'], action: ['text'], help: 'a page that is not text: see it as text' },
];

// forms (docs/browsing-forms.md): keys on a selected field, typing into one, choosing a select's options
/** On a selected form field, before the paging keys: a key not here does what it does in paging. */
const onField: Binding<FieldAction>[] = [
  { keys: ['<Enter>'], action: ['fieldEnter'], help: 'a text field: type into it; a checkbox or radio button: change it; a select: choose; a button: send the form' },
  { keys: [' '], action: ['fieldToggle'], help: 'a checkbox or radio button: change it (on any other field, a screen down)' },
];

/** Typing into a text field or text area: Enter keeps what is typed, Escape leaves it as it was. */
const field: Binding<LineAction>[] = [
  ...lineEditing.filter(({ action }) => action[0] !== 'historyPrev' && action[0] !== 'historyNext'),
  { keys: ['<C-o>'], action: ['newline'], help: 'a text area: a line break (shown as ⏎)' },
];

/** The options of a select, listed on screen. */
const options: Binding<OptionsAction>[] = [
  { keys: ['<Down>', 'j', '<C-n>'], action: ['optionMove', 1], help: 'the next option' },
  { keys: ['<Up>', 'k', '<C-p>'], action: ['optionMove', -1], help: 'the previous option' },
  { keys: ['<Enter>'], action: ['optionChoose'], help: 'choose the option (a multiple select: keep the options marked)' },
  { keys: [' ', 'x'], action: ['optionToggle'], help: 'a multiple select: mark or unmark the option' },
  { keys: ['<Escape>', 'q', '<C-c>'], action: ['optionCancel'], help: 'leave the select as it was' },
];

/** Every mode's table. */
export const keymap = {
  ground,
  search,
  filter: search,
  fork: lineEditing,
  exec: lineEditing,
  examine: lineEditing,
  save: lineEditing,
  pipe: lineEditing,
  login,
  preview,
  busy,
  starting,
  question,
  onField,
  field,
  options,
};

/**
 * G's window on the end of a big file still being read (see the README):
 * these actions move within the window; any other waits for the whole file
 * and acts there (g goes to the file's top at once; G with a count waits).
 */
export const endWindowActions: ReadonlyArray<GroundAction[0]> = [
  'search', 'scrollLines', 'scrollHalfScreens', 'scrollScreens', 'bottom', 'cycle', 'next', 'follow', 'click', 'quit', 'help', 'suspend', 'redraw', 'info',
  'linkNumbers', 'historyList',
];

/** A search that starts with this is a regular expression (JavaScript syntax). */
export const regexPrefix = 're:';

/** With --regex-search (less's regular expressions), a search that starts with this is literal. */
export const literalPrefix = 'lit:';

/**
 * What Enter runs for a link that is not in this document or a local file,
 * with the link in $LINK: the first that is set or found. '$NAME' stands for
 * the command in that environment variable, 'config' for the configuration
 * file's `browser` line.
 */
export const openers = ['$LWL_BROWSER', 'config', '$BROWSER', 'bro'];
