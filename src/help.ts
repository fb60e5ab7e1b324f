// What lwl says about itself, from one source: `lwl --help`, the help screen
// (h), and the manual page (lwl.1) are all made here from keymap.ts's
// bindings and the list of options below, so they never disagree.
import { keymap, lessGroundKeys, type Binding } from '../keymap.ts';
import { tables, type Table } from './state/bindings.ts';

/** The options, as --help and the manual list them. */
export const optionHelp: Array<[string, string]> = [
  ['--base URL', 'resolve relative links against URL'],
  ['--links', 'print the links (number, text, URL) instead of paging'],
  ['--kind KIND', 'read the input as KIND (markup, markdown, html, plain or raw) instead of guessing from its name and start: markdown for .md files, html for .html files and pages that start <!doctype html, markup for bro pages and .lwl files, plain for the rest'],
  ['--hyperlinks', 'draw http, https and mailto links (and a local file\'s file: links) as OSC 8 hyperlinks (the default where the terminal says it takes them); --no-hyperlinks: never'],
  ['--mouse', 'the mouse: the wheel scrolls, a click on a link selects it, a second click follows it'],
  ['--secure', 'secure mode (also LWL_SECURE=1): no commands, no browser, no files but those named'],
  ['--print-config', 'print the default configuration, to start a config file from'],
  ['--bookmarks', 'open the bookmarks ($XDG_DATA_HOME/lwl/bookmarks.md; a adds the page shown)'],
  ['+G, +N, +/PATTERN', 'start at the end, at line N, or at the first match of PATTERN'],
  ['-p PATTERN', 'start at the first match of PATTERN'],
  ['--no-incsearch', 'no incremental search: the screen stays put while a search is typed (--incsearch, the default: it follows the first match)'],
  ['-j N', "where a search's match lands: row N (negative: from the bottom; .5 half way); the default, as less's, the top row"],
  ['--no-cookies', "refuse web pages' cookies (and send none); by default they are kept for the session (`cookies FILE` in the config file keeps the lasting ones)"],
  ['--regex-search', "searches are regular expressions, as less's; ^R then makes one literal (lit:)"],
  ['--less-keys', "less's keys where lwl's differ (also --keys=less, LWL_KEYS=less): v edits in $VISUAL/$EDITOR, ! runs and comes back, s saves the input, | pipes from a mark; with --regex-search. Without it (--keys=lwl): v previews a link, ! runs and ends lwl"],
  ['-i / -I', 'searches ignore case unless the pattern has a capital (the default) / always'],
  ['-N', 'line numbers (typed while paging, -N turns them on and off)'],
  ['-S', 'chop long lines instead of wrapping them; h and l scroll sideways (typed while paging, -S turns it on and off)'],
  ['-F', 'quit at once if the text fits on one screen, leaving it printed'],
  ['-X', 'no alternate screen: what was shown stays after q'],
  ['-f', 'show a file that looks binary without asking first'],
  ['-R, -M, --use-color, ...', "every other option of less's, accepted and ignored; LESS and LWL are read first (LESSSECURE=1: secure mode)"],
  ['-h, --help', 'show this help and exit'],
  ['-V, --version', 'show the version and exit'],
];

const modeTitles: Record<Table, string> = {
  ground: 'Paging',
  search: 'Typing a search (/ ?)',
  filter: 'Typing a filter (&)',
  fork: 'Typing a command to run and come back (>)',
  exec: 'Typing a command to run and end lwl (!)',
  examine: 'Typing a file to open (:e)',
  save: "Typing a file to save to (S: the page or the link's target; s, with --less-keys: the input)",
  pipe: 'Typing a command to pipe the text to (|, with --less-keys)',
  login: 'Typing a login a web page asks for (a user name, then a password, never shown)',
  preview: 'The link preview (v)',
  busy: 'While lwl reads or searches',
  starting: 'Before the first screen, while a pipe sends nothing',
  question: 'A question on the status line (y or n; s, t or c for a page that is not text)',
  onField: 'On a selected form field',
  field: 'Typing into a form field',
  options: "Choosing a select's options",
};

/** A key as a person writes it: ^F, Down, space, Shift-Tab, Alt-v. */
export function keyLabel(key: string): string {
  if (key === ' ') return 'space';
  const named = /^<(.+)>$/.exec(key);
  if (!named) return key;
  const name = named[1];
  if (name.startsWith('C-')) return name === 'C-Space' ? '^space' : `^${name.slice(2).toUpperCase()}`;
  if (name.startsWith('M-')) return `Alt-${name.slice(2)}`;
  if (name === 'S-Tab') return 'Shift-Tab';
  return name;
}

/** Rows of bindings: the keys, and what they do. */
function bindingRows(bindings: Binding<unknown>[]): Array<[string, string]> {
  return bindings.map(({ keys, help }) => [keys.map(keyLabel).join(', '), help]);
}

/** Rows of one mode's keys: the keys, and what they do. */
export function keyRows(table: Table): Array<[string, string]> {
  return bindingRows(keymap[table] as Binding<unknown>[]);
}

/** The other profile's rows: less's keys where lwl's differ (--less-keys), over the paging keys. */
export function lessKeyRows(): Array<[string, string]> {
  return bindingRows(lessGroundKeys);
}

const lessKeysTitle = "Paging with --less-keys (--keys=less, LWL_KEYS=less): less's keys where lwl's differ";

/** A line of help, and the column its words start at (0: none), where the rows it wraps to start. */
interface HelpLine {
  line: string;
  hang: number;
}

/** Rows of two columns: keys or flags, then their words (on a line of their own under keys too long). */
function columnLines(rows: Array<[string, string]>, indent: string): HelpLine[] {
  const width = Math.min(28, Math.max(...rows.map(([left]) => left.length)));
  const hang = indent.length + width + 2;
  return rows.flatMap(([left, right]) =>
    left.length > width
      ? [{ line: `${indent}${left}`, hang: indent.length }, { line: `${indent}${' '.repeat(width)}  ${right}`, hang }]
      : [{ line: `${indent}${left.padEnd(width)}  ${right}`, hang }],
  );
}

function columns(rows: Array<[string, string]>, indent: string): string[] {
  return columnLines(rows, indent).map(({ line }) => line);
}

/** lwl --help. */
export function usageText(): string {
  return [
    'usage: lwl [options] [FILE|URL...]',
    '       cmd | lwl [options]',
    '',
    'A pager, like less, for documents with links: step through them, follow',
    'them, and hand the selected one to any command as $LINK. An http(s) URL',
    'is fetched and read as a web page.',
    '',
    'options:',
    ...columns(optionHelp, '  '),
    '',
    'main keys:',
    ...columns(keyRows('ground').slice(0, 12), '  '),
    '',
    "with --less-keys, less's keys where lwl's differ:",
    ...columns(lessKeyRows(), '  '),
    '',
    'H (or F1) in lwl shows every key; `man lwl` the whole manual.',
  ].join('\n');
}

/** A hanging indent of the help screen's text: bytes [start, end) of a line, its words at column `cells`. */
export interface HelpHang {
  start: number;
  end: number;
  cells: number;
}

/**
 * The help screen: every key of every mode, then the options; and the hanging
 * indent of each of its two-column lines, so that words too long for the screen
 * go on under the words, not under the keys.
 */
export function helpScreen(): { text: string; hangs: HelpHang[] } {
  const plain = (line: string): HelpLine => ({ line, hang: 0 });
  const out = [plain('lwl: every key, mode by mode (q or Backspace returns; / searches this help)'), plain('')];
  for (const table of tables) {
    out.push(plain(modeTitles[table]), ...columnLines(keyRows(table), '  '), plain(''));
    if (table === 'ground') out.push(plain(lessKeysTitle), ...columnLines(lessKeyRows(), '  '), plain(''));
  }
  out.push(plain('A count typed before a motion repeats it (5j); before g or G it names a line.'), plain(''));
  out.push(plain('Options (on the command line, or in LESS, LWL or the config file):'), ...columnLines(optionHelp, '  '));
  const hangs: HelpHang[] = [];
  let at = 0;
  for (const { line, hang } of out) {
    if (hang > 0) hangs.push({ start: at, end: at + Buffer.byteLength(line.slice(0, hang)), cells: hang });
    at += Buffer.byteLength(line) + 1;
  }
  return { text: out.map(({ line }) => line).join('\n') + '\n', hangs };
}

/** The help screen's text. */
export function helpText(): string {
  return helpScreen().text;
}

const roff = (text: string) => text.replace(/\\/g, '\\e').replace(/^([.'])/gm, '\\&$1').replace(/-/g, '\\-');

/** The manual page, in roff. */
export function manPage(version: string): string {
  const out = [
    `.TH LWL 1 "" "lwl ${roff(version)}" "User Commands"`,
    '.SH NAME',
    'lwl \\- less with links: a pager for documents with links',
    '.SH SYNOPSIS',
    '.B lwl',
    '[\\fIoptions\\fR] [\\fIFILE\\fR...]',
    '.br',
    '\\fIcmd\\fR | \\fBlwl\\fR',
    '.SH DESCRIPTION',
    'lwl pages text as less does, and shows its links: step through them with n and Tab,',
    'follow them with Enter, and hand the selected one to any command as $LINK.',
    '.SH OPTIONS',
  ];
  for (const [flags, text] of optionHelp) out.push('.TP', `.B ${roff(flags)}`, roff(text));
  out.push('.SH KEYS');
  for (const table of tables) {
    out.push('.SS ' + roff(modeTitles[table]));
    for (const [keys, text] of keyRows(table)) out.push('.TP', `.B ${roff(keys)}`, roff(text));
    if (table !== 'ground') continue;
    out.push('.SS ' + roff(lessKeysTitle));
    for (const [keys, text] of lessKeyRows()) out.push('.TP', `.B ${roff(keys)}`, roff(text));
  }
  out.push(
    '.SH ENVIRONMENT',
    '.TP',
    '.B LESS, LWL',
    'options read before the command line, LESS first.',
    '.TP',
    '.B LWL_BROWSER, BROWSER',
    'the command Enter hands a link to, with the link in $LINK.',
    '.TP',
    '.B LWL_SECURE',
    'secure mode when set (not 0).',
    '.TP',
    '.B LESSSECURE, LESSSECURE_ALLOW',
    "secure mode when LESSSECURE is set, as less's; LESSSECURE_ALLOW names what it still allows (shell, pipe, edit, examine, logfile, lessopen, osc8, stop).",
    '.TP',
    '.B LESSOPEN, LESSCLOSE',
    "an input preprocessor, as less's: |cmd %s (a pipe), ||cmd %s, cmd %s (a replacement file), a - first for standard input; the file's name reaches it as one argument. Not in secure mode, nor with -L.",
    '.TP',
    '.B NO_COLOR',
    'no colours: bold, underline and reverse carry the meaning.',
    '.SH FILES',
    '.TP',
    '.I $XDG_CONFIG_HOME/lwl/config',
    'key bindings, colours, the browser command and default options (lwl \\-\\-print\\-config prints the defaults).',
  );
  return out.join('\n') + '\n';
}
