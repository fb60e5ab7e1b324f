// The state's types: what the state function reads (the context, and what the
// pager reports), holds (the state) and returns (the next state and effects).
// Apart from the functions, so that the modules of each mode can name them
// without importing state.ts.
import type { GroundAction } from './actions.ts';
import type { LineIndex } from '../document/lines.ts';
import type { Query } from '../document/search.ts';
import type { FirstMatch, Matches } from '../document/matches.ts';
import type { LineFilter } from '../document/linefilter.ts';
import type { LinkTargets } from '../link/targets.ts';
import type { Viewport } from '../rows/viewport.ts';
import type { Bindings, Mode, TypingMode } from './bindings.ts';
import type { Line } from './lineedit.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { FieldValues } from '../document/forms.ts';

export interface State {
  mode: Mode;
  /** Offset of the first character on screen: it survives re-wrapping. */
  top: number;
  /** Columns scrolled sideways, while long lines are chopped (-S). */
  shift: number;
  /** Columns h and l move, once a count set them (as less's arrows); null: half the screen. */
  sideStep: number | null;
  /** Digits typed before a motion. */
  count: string;
  /** A key that waits for a second one: m or ' and a letter. */
  pending: 'mark' | 'goToMark' | 'colon' | 'option' | 'zz' | 'pipe' | null;
  /** Marks set with m, by letter: offsets of the top. */
  marks: Record<string, number>;
  /** Where the last jump (g, G, %, a search, n/N that scrolled, a mark, a fragment) started: '' goes back there. */
  lastJump: number | null;
  /** Fragment jumps followed in this document, newest last: Backspace goes back through them. */
  jumps: Array<{ top: number; selected: number | null }>;
  /** Shown on the status line until the next key. */
  message: string | null;
  /** Work is under way (reading, searching, following): its progress shows and keys can stop it. */
  busy: string | null;
  /** The selected link (an index into the document's links), if any. */
  selected: number | null;
  /** The active search, if any: n and N walk its matches instead of links. */
  matches: Matches | null;
  /** The current match: its start offset (its index is known only once the matches before it are counted). */
  match: number | null;
  /** The typed line, in a typing mode. */
  line: Line;
  /** The search runs backward (it was typed after '?'): n goes up. */
  searchBackward: boolean;
  /** Lines entered this session, per typing mode, oldest first. */
  history: Record<TypingMode, string[]>;
  /** While recalling history: how far back (1 = the last entry); the draft is the line as typed before. */
  recall: number;
  draft: string;
  /** Where / or ? was typed, while typing it: the incremental search starts there, and Escape returns there. */
  searchOrigin: SearchOrigin | null;
  /** &pattern: only the lines that match are shown (the view's rows skip the others). */
  filter: LineFilter | null;
  /** In pipe mode (|): the text the command gets, [from, to) of the display text. */
  piped?: { from: number; to: number } | null;
  /** In question mode: what is asked (y or n), and what each answer does. */
  question?: Question | null;
  /** In login mode: whose login is typed, and the user name once typed (the password is the line, never kept). */
  login?: LoginAsk | null;
  /** In save mode after S: what is saved (else the mode is less's s, which saves the input). */
  saveTarget?: SaveTarget | null;
  /** The document's form fields changed from their defaults, by field number. */
  fields?: FieldValues;
  /** In field mode (typing into a field): which field, and whether what is typed shows as `*` (a password). */
  editing?: { field: number; masked: boolean } | null;
  /** In options mode (a select's options listed): which select, the option at the cursor, and those marked. */
  choosing?: { field: number; at: number; marked: readonly number[] } | null;
}

/** A server asks for a login (a 401 with a Basic challenge): the user name, then the password, on the status line. */
export interface LoginAsk {
  /** The origin asking, as shown: "127.0.0.1:8000". */
  site: string;
  /** The realm it names (printable), or ''. */
  realm: string;
  /** The login sent was refused: asked again. */
  refused: boolean;
  /** Typed so far: null while the user name is typed. */
  user: string | null;
}

/** What S saves: a web address's body, a local file's bytes, or the text of the page shown (lwl's own pages, a pipe's). */
export type SaveTarget = { kind: 'web'; url: string } | { kind: 'file'; path: string } | { kind: 'text' };

/** The view as it was when a search began to be typed. */
export interface SearchOrigin {
  top: number;
  selected: number | null;
  matches: Matches | null;
  match: number | null;
  searchBackward: boolean;
}

/** A yes-or-no question on the status line: a file: link on a web page, a web page that is not text. */
export interface Question {
  text: string;
  yes: Effect[];
  no: Effect[];
  /** Said when the answer is no. */
  noMessage: string | null;
  /** Three answers, save (s) or see as text (t), for a page that is not text: t does as yes does, s these. */
  save?: Effect[];
}

export type Effect =
  | { kind: 'quit'; status: number }
  | { kind: 'redraw' }
  /** The action needs the whole document: run it again once loading is done. */
  | { kind: 'awaitLoad'; action: GroundAction; count: number | null }
  /** G at the end of a document read whole: if its file grew since (less looks at the size again), read on and do the action again. */
  | { kind: 'recheck'; action: GroundAction; count: number | null }
  /** Search the document (from `from`, else the screen's top): report the first match with searchFound, then the count as it grows with searchCounted. */
  | { kind: 'search'; query: Query; from?: number }
  /** &pattern: build the filter of the lines that match and report filterStarted (null: stop building one). */
  | { kind: 'filter'; query: Query | null; replaces: LineFilter | null }
  /** While a search is typed: look for the query's first match from `from` (report incFound), in the background; null stops looking. */
  | { kind: 'incsearch'; query: Query | null; from: number }
  /** Stop the work under way (reading ahead for a key, a search, following the input). */
  | { kind: 'stop' }
  /** Run a shell command with LINK in its environment; then resume, or end lwl with its status. */
  | { kind: 'run'; command: string; link: string; then: 'resume' | 'exit' }
  /** Open a local file (a file: URL) in this lwl. */
  | { kind: 'open'; url: string }
  /** G's window is left for the whole file (once it is read), where the action is done. */
  | { kind: 'leaveEnd'; action: GroundAction; count: number | null }
  /** Go back to the previous document. */
  | { kind: 'back' }
  /** Follow the input as it grows, showing its end (less's F). */
  | { kind: 'tail' }
  /** Show the help screen, as a document of its own (q or Backspace comes back). */
  | { kind: 'help' }
  /** Another file of those named on the command line (:n, :p, :x), or drop this one from the list (:d). */
  | { kind: 'file'; which: 'next' | 'previous' | 'first' | 'drop' }
  /** s (--less-keys): write the input to the file named. */
  | { kind: 'save'; path: string }
  /** | (--less-keys): run a shell command with [from, to) of the text on its input, LINK set; then come back. */
  | { kind: 'pipe'; command: string; from: number; to: number; link: string }
  /** v (--less-keys): edit the file shown in $VISUAL or $EDITOR at this line (1 the first). */
  | { kind: 'edit'; line: number }
  /** Open a file named by the user (:e), after this one in the list. */
  | { kind: 'examine'; path: string }
  /** Give the terminal back and stop lwl until it is continued (^Z). */
  | { kind: 'suspend' }
  /** Read the document again as another kind ('switch': markup and plain, 'raw': the raw text and back). */
  | { kind: 'reread'; as: 'switch' | 'raw'; repost?: boolean }
  /** `-` and a letter: turn an option on or off while paging, as in less. */
  | { kind: 'toggle'; option: ToggledOption }
  /** Load a web page (http, https) into this lwl, as a new page: Backspace comes back. */
  | { kind: 'fetch'; url: string }
  /** Load the page shown again (r): a web page is fetched again, a file read again (`repost`: the answer to a form sent by POST is sent again, as asked). */
  | { kind: 'reload'; repost?: boolean }
  /** Send form `form` of the document (`submitter`: the button that sends it) with the fields' values. */
  | { kind: 'submit'; form: number; submitter: number | null; values: FieldValues }
  /** Stop the page loading (^C): what arrived stays. */
  | { kind: 'stopLoad' }
  /** The answer to the question whether to show a web page that is not text (`saving`: it is saved instead, so the first page stays). */
  | { kind: 'showBinary'; see: boolean; saving?: boolean }
  /** L and V: the page's links, or this session's pages, as a page of links lwl makes (Backspace comes back). */
  | { kind: 'list'; of: 'links' | 'history' }
  /** A login typed for the web page shown (a 401): kept for its origin, and the page loaded again with it. */
  | { kind: 'login'; user: string; password: string }
  /** S: find what to save (the selected link's target, else the page shown) and its name, then ask for the file (typeSave). */
  | { kind: 'saveAs'; link: string | null }
  /** Save `target` to the file (or directory) typed; `overwrite`: the user said yes to replacing the file there. */
  | { kind: 'download'; path: string; target: SaveTarget; overwrite?: boolean }
  /** a: add the page shown, or the selected link (its index), to the bookmarks. */
  | { kind: 'bookmark'; link: number | null }
  /** B: open the bookmarks file. */
  | { kind: 'bookmarks' };

/** What the state function may consult: the document shown, its rows, its links, and the outside world's settings. */
export interface Context extends Viewport {
  links: LinkTargets;
  /** Lines of the document, counted as far as they are known. */
  lines: LineIndex;
  /** The command that opens a link in a browser ($LINK set), or null if there is none (or it is lwl itself): Enter then loads http(s) links in this lwl. */
  browser: string | null;
  /** Secure mode (--secure, LWL_SECURE=1): no commands, and no files but those named on the command line. */
  secure: boolean;
  /** What secure mode still allows (LESSSECURE_ALLOW: shell, pipe, edit, examine, logfile, osc8). */
  secureAllows?: ReadonlySet<string>;
  /** The key bindings: keymap.ts with the configuration file's changes. */
  bindings: Bindings;
  /** Incremental search (less's --incsearch): the screen follows the first match while the search is typed. Default on. */
  incsearch?: boolean;
  /** The page shown, when it came from the web (or is coming): what =, the status line and Enter need. */
  web?: WebContext | null;
  /** The page is G's window on the end of a file still being read: most actions leave it (keymap.ts's endWindowActions). */
  endWindow?: boolean;
  /** The cells left of the text on each row: the line numbers of -N (a click's column is counted from the text). */
  gutter?: number;
  /** --regex-search: a search is a regular expression (less's), and ^R makes it literal. */
  regexSearch?: boolean;
  /** less's -j: the row a search's match lands on; absent, the top row (less's default). */
  jumpTarget?: JumpTarget;
}

/** Where a search's target lands, as less's -j: row `line` (1 the top, -1 the bottom), or a fraction of the screen down. */
export type JumpTarget = { line: number } | { fraction: number };

/** What the state function knows of a web page. */
export interface WebContext {
  /** The page's URL (after redirects): a file: link on it asks first. */
  url: UrlRecord;
  /** The load's progress for the status line, while it goes on; null once it has ended. */
  progress: string | null;
  /** What = adds: status, type, charset, redirects (made when = asks, not at every key). */
  facts: () => string | null;
}

/** The options `-` can change while paging, and # (link numbers). */
export type ToggledOption = 'N' | 'S' | 'i' | 'I' | '#';

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
  /** The web page shown asks for a login: type it on the status line. */
  | ['askLogin', Omit<LoginAsk, 'user'>]
  /** A page loaded again: back to where the screen was, as far as it has arrived. */
  | ['restoreTop', number]
  /** S: type the file to save `target` to, starting from the name given. */
  | ['typeSave', SaveTarget, string];

export interface Result {
  state: State;
  effects: Effect[];
}
