// The command line and the LESS and LWL variables, read the way less reads
// them: single letters that combine (-iNS), letters that take a value
// (-j5, -x 4, -pPATTERN), long names (--chop-long-lines), +commands (+G, +42,
// +/pattern), `--` and `-` for standard input. Every option of less's is
// taken (less-long-options.ts names those without a letter): lwl acts on some
// and ignores the rest, as less users' LESS holds them. Pure: the caller supplies the
// arguments and the environment, and gets options or a usage error.

import { lessLetterAliases, lessLongOptions } from './less-long-options.ts';
import type { JumpTarget } from './state/types.ts';

/** The options lwl acts on, whichever way they were given. */
export interface Options {
  help: boolean;
  version: boolean;
  /** --links: print the links instead of paging. */
  links: boolean;
  secure: boolean;
  /** --base URL, as written (the caller parses it). */
  base: string | null;
  /** Files named, in order ('-' is standard input). */
  files: string[];
  /** Commands to run on the first screen, as keys: +G, +42 (line 42), +/pattern, -p pattern. */
  startKeys: string[];
  /** -i (smartcase, the default) or -I (ignore case always). */
  caseless: 'smart' | 'always';
  /** -N: line numbers. */
  lineNumbers: boolean;
  /** -S: chop long lines instead of wrapping them. */
  chop: boolean;
  /** -F: print and quit when the text fits on one screen. */
  quitIfOneScreen: boolean;
  /** -X: no alternate screen; what was shown stays after q. */
  noAlternateScreen: boolean;
  /** --mouse: the wheel scrolls, a click selects a link. */
  mouse: boolean;
  /** --kind=NAME: read the input as this kind instead of guessing. */
  kind: string | null;
  /** --hyperlinks / --no-hyperlinks: links drawn as OSC 8 hyperlinks; null: where the terminal says it takes them. */
  hyperlinks: boolean | null;
  /** -f: show a file that looks binary without asking first. */
  force: boolean;
  /** --print-config: print the default configuration. */
  printConfig: boolean;
  /** --manual: print the manual page (roff). */
  manual: boolean;
  /** --bookmarks: open the bookmarks file first. */
  bookmarks: boolean;
  /** --incsearch (the default) / --no-incsearch: the screen follows the first match while a search is typed. */
  incsearch: boolean;
  /** --follow-name (less's): F follows the file its name names, across a log's rotation. */
  followName: boolean;
  /** -j / --jump-target: the screen row a search's match lands on (less's default: the top row). */
  jumpTarget: JumpTarget;
  /** --regex-search: a search is a regular expression, as less's (^R then makes it literal). */
  regexSearch: boolean;
  /** --no-cookies: web pages' cookies are refused, none sent (--cookies: kept for the session, the default). */
  noCookies: boolean;
  /** --less-keys, --keys=less, LWL_KEYS=less: less's keys where lwl's differ (see keymap.ts), and --regex-search. */
  lessKeys: boolean;
  /** What secure mode still allows when LESSSECURE alone set it: LESSSECURE_ALLOW's words (less 643's), none otherwise. */
  secureAllow: string[];
  /** LESSOPEN is run on each file (-L, --no-lessopen: not). */
  lessopen: boolean;
  /** One-line notes about options of less's that lwl accepts but does not act on. */
  notes: string[];
  /** What was wrong in LESS, LWL or the config file: shown on the status line; lwl pages on, as less does. */
  warnings: string[];
}


export const defaults: Options = {
  help: false,
  version: false,
  links: false,
  secure: false,
  base: null,
  files: [],
  startKeys: [],
  caseless: 'smart',
  lineNumbers: false,
  chop: false,
  quitIfOneScreen: false,
  noAlternateScreen: false,
  mouse: false,
  kind: null,
  hyperlinks: null,
  force: false,
  printConfig: false,
  manual: false,
  bookmarks: false,
  incsearch: true,
  followName: false,
  jumpTarget: { line: 1 },
  regexSearch: false,
  noCookies: false,
  lessKeys: false,
  secureAllow: [],
  lessopen: true,
  notes: [],
  warnings: [],
};

/** A mistake in the options: one sentence, and the usage follows. */
export class OptionError extends Error {}

type Setter = (opts: Options, value: string) => void;

interface Letter {
  /** Long name, as less spells it. */
  name: string;
  /** Takes a value (attached, -j5, or the next argument, -j 5). */
  value?: boolean;
  /** What it does in lwl; absent: accepted with a note, as less has it and lwl does not. */
  set?: Setter;
}

const on = (key: 'lineNumbers' | 'chop' | 'quitIfOneScreen' | 'noAlternateScreen'): Setter => (opts) => {
  opts[key] = true;
};
const accept: Setter = () => {};

/** less's one-letter options, with what lwl does for each. */
const letters: Record<string, Letter> = {
  a: { name: 'search-skip-screen', set: accept },
  A: { name: 'SEARCH-SKIP-SCREEN', set: accept },
  b: { name: 'buffers', value: true, set: accept },
  B: { name: 'auto-buffers', set: accept },
  c: { name: 'clear-screen', set: accept },
  C: { name: 'CLEAR-SCREEN', set: accept },
  d: { name: 'dumb', set: accept },
  D: { name: 'color', value: true },
  e: { name: 'quit-at-eof' },
  E: { name: 'QUIT-AT-EOF' },
  f: { name: 'force', set: (o) => (o.force = true) },
  F: { name: 'quit-if-one-screen', set: on('quitIfOneScreen') },
  g: { name: 'hilite-search', set: accept },
  G: { name: 'HILITE-SEARCH' },
  h: { name: 'max-back-scroll', value: true, set: accept },
  i: { name: 'ignore-case', set: (o) => (o.caseless = 'smart') },
  I: { name: 'IGNORE-CASE', set: (o) => (o.caseless = 'always') },
  j: { name: 'jump-target', value: true, set: (o, v) => (o.jumpTarget = parseJumpTarget(v)) },
  J: { name: 'status-column' },
  k: { name: 'lesskey-file', value: true },
  K: { name: 'quit-on-intr', set: accept },
  L: { name: 'no-lessopen', set: (o) => (o.lessopen = false) },
  m: { name: 'long-prompt' },
  M: { name: 'LONG-PROMPT' },
  n: { name: 'line-numbers', set: accept },
  N: { name: 'LINE-NUMBERS', set: on('lineNumbers') },
  o: { name: 'log-file', value: true },
  O: { name: 'LOG-FILE', value: true },
  p: { name: 'pattern', value: true, set: (o, v) => o.startKeys.push(...searchKeys(v)) },
  P: { name: 'prompt', value: true },
  q: { name: 'quiet', set: accept },
  Q: { name: 'QUIET', set: accept },
  r: { name: 'raw-control-chars', set: accept },
  R: { name: 'RAW-CONTROL-CHARS', set: accept },
  s: { name: 'squeeze-blank-lines' },
  S: { name: 'chop-long-lines', set: on('chop') },
  t: { name: 'tag', value: true },
  T: { name: 'tag-file', value: true },
  u: { name: 'underline-special' },
  U: { name: 'UNDERLINE-SPECIAL' },
  w: { name: 'hilite-unread' },
  W: { name: 'HILITE-UNREAD' },
  x: { name: 'tabs', value: true },
  X: { name: 'no-init', set: on('noAlternateScreen') },
  y: { name: 'max-forw-scroll', value: true, set: accept },
  z: { name: 'window', value: true },
  '"': { name: 'quotes', value: true, set: accept },
  '~': { name: 'tilde' },
  '#': { name: 'shift', value: true },
};

/** lwl's own long options (and less's that lwl names differently). */
const longOptions: Record<string, { value?: boolean; set: Setter }> = {
  help: { set: (o) => (o.help = true) },
  version: { set: (o) => (o.version = true) },
  links: { set: (o) => (o.links = true) },
  // --secure allows nothing, whatever LESSSECURE_ALLOW says.
  secure: {
    set: (o) => {
      o.secure = true;
      o.secureAllow = [];
    },
  },
  base: { value: true, set: (o, v) => (o.base = v) },
  kind: { value: true, set: (o, v) => (o.kind = v) },
  hyperlinks: { set: (o) => (o.hyperlinks = true) },
  'no-hyperlinks': { set: (o) => (o.hyperlinks = false) },
  mouse: { set: (o) => (o.mouse = true) },
  'print-config': { set: (o) => (o.printConfig = true) },
  manual: { set: (o) => (o.manual = true) },
  bookmarks: { set: (o) => (o.bookmarks = true) },
  incsearch: { set: (o) => (o.incsearch = true) },
  'follow-name': { set: (o) => (o.followName = true) },
  'no-incsearch': { set: (o) => (o.incsearch = false) },
  'regex-search': { set: (o) => (o.regexSearch = true) },
  cookies: { set: (o) => (o.noCookies = false) },
  'no-cookies': { set: (o) => (o.noCookies = true) },
  'less-keys': { set: lessProfile },
  keys: { value: true, set: (o, v) => (v === 'less' ? lessProfile(o) : v === 'lwl' ? (o.lessKeys = false) : badKeys(v)) },
};

/** --less-keys, --keys=less: less's keys, and less's regular expressions in searches. */
function lessProfile(opts: Options): void {
  opts.lessKeys = true;
  opts.regexSearch = true;
}

function badKeys(value: string): never {
  throw new OptionError(`lwl: --keys: '${value}' is not a profile (lwl or less)`);
}

/**
 * -j's value as less reads it: a number of rows (negative: from the bottom)
 * or a fraction (.5, half way down); what follows the number is passed over,
 * as less's own reading of numbers does.
 */
export function parseJumpTarget(value: string): JumpTarget {
  const fraction = /^\.(\d+)/.exec(value);
  if (fraction) return { fraction: Number(`0.${fraction[1]}`) };
  const line = /^-?\d+/.exec(value);
  if (!line) throw new OptionError(`lwl: -j: '${value}' is not a screen row (a number, or .5 for half way)`);
  return { line: Number(line[0]) };
}

const byLongName = new Map(Object.entries(letters).map(([letter, spec]) => [spec.name, letter]));
for (const [name, letter] of Object.entries(lessLetterAliases)) byLongName.set(name, letter);

/** What a long name stands for: lwl's own option, one of less's letters, or one of less's long-only options. */
type LongOption = { own: (typeof longOptions)[string] } | { letter: string } | { less: boolean };

function exactLong(name: string): LongOption | null {
  if (Object.hasOwn(longOptions, name)) return { own: longOptions[name] };
  const letter = byLongName.get(name);
  if (letter !== undefined) return { letter };
  if (Object.hasOwn(lessLongOptions, name)) return { less: lessLongOptions[name] };
  return null;
}

/** A long name, whole or, as less takes them, shortened while it is not ambiguous (--quit-if, --RAW). */
function findLong(name: string): LongOption | null {
  const exact = exactLong(name);
  if (exact || name.length < 2) return exact;
  const names = [...Object.keys(longOptions), ...byLongName.keys(), ...Object.keys(lessLongOptions)];
  const matching = new Set(names.filter((full) => full.startsWith(name)));
  return matching.size === 1 ? exactLong([...matching][0]) : null;
}

/** The keys that search for `pattern` once the first screen is up. */
function searchKeys(pattern: string): string[] {
  return ['/', ...pattern, '<Enter>'];
}

/** +cmd: less's commands as keys. +G the end, +42 line 42, +/pat a search; anything else is typed as keys. */
function commandKeys(command: string): string[] {
  if (command.startsWith('/') || command.startsWith('?')) return [command[0], ...command.slice(1), '<Enter>'];
  if (/^\d+$/.test(command)) return [...command, 'g'];
  return [...command];
}

function note(opts: Options, what: string, fromEnv: string | null): void {
  // A variable is set once and read every time: notes about it would nag.
  if (fromEnv === null) opts.notes.push(`lwl: ${what} is one of less's options that lwl does not have yet; ignored`);
}

/**
 * Reads one list of arguments into `opts`. `fromEnv` names the variable they
 * came from (LESS, LWL, the config file), or is null for the command line,
 * where words that are not options are files and -h/-V are lwl's help and
 * version. A mistake on the command line is an error; in a variable it is a
 * warning and the rest is read, as less pages whatever LESS holds.
 */
function readArgs(opts: Options, args: string[], fromEnv: string | null): void {
  const reading = { onlyFiles: false };
  for (let i = 0; i < args.length; ) {
    try {
      i = readArg(opts, reading, args, i, fromEnv);
    } catch (err) {
      if (fromEnv === null || !(err instanceof OptionError)) throw err;
      opts.warnings.push(err.message);
      i++;
    }
  }
}

/** Reads the argument at `i` (and its value, if it takes the next one); returns the index of the next. */
function readArg(opts: Options, reading: { onlyFiles: boolean }, args: string[], i: number, fromEnv: string | null): number {
  const where = fromEnv ? ` (in ${fromEnv})` : '';
  // In a variable, letters need no dash (LESS=FRX).
  const arg = fromEnv && !/^[-+]/.test(args[i]) ? `-${args[i]}` : args[i];
  if (reading.onlyFiles || arg === '-' || !/^[-+]/.test(arg)) {
    if (fromEnv) throw new OptionError(`lwl: '${arg}'${where} is not an option`);
    opts.files.push(arg);
    return i + 1;
  }
  if (arg === '--') {
    reading.onlyFiles = true;
    return i + 1;
  }
  if (arg.startsWith('+')) {
    opts.startKeys.push(...commandKeys(arg.slice(1)));
    return i + 1;
  }
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const attached = eq < 0 ? null : arg.slice(eq + 1);
    const found = findLong(name);
    // less: "There is no --name option"; lwl says so and, from a variable, pages on.
    if (!found) throw new OptionError(`lwl: unknown option '--${name}'${where}`);
    const takesValue = 'own' in found ? found.own.value : 'letter' in found ? letters[found.letter].value : found.less;
    let value = attached ?? '';
    if (takesValue && attached === null) {
      if (i + 1 >= args.length) throw new OptionError(`lwl: --${name}${where} needs a value`);
      value = args[++i];
    } else if (!takesValue && attached !== null) {
      throw new OptionError(`lwl: --${name}${where} takes no value`);
    }
    if ('own' in found) found.own.set(opts, value);
    else if ('letter' in found) applyLetter(opts, found.letter, value, fromEnv);
    else note(opts, `--${name}`, fromEnv);
    return i + 1;
  }
  // -+X: the option X back to its default, as in less.
  if (arg.startsWith('-+')) {
    for (const letter of arg.slice(2)) resetLetter(opts, letter, where);
    return i + 1;
  }
  // Letters: -iNS, -j5, -p pattern; -20 is less's -z20 (the window's size).
  for (let k = 1; k < arg.length; k++) {
    const letter = arg[k];
    if (/\d/.test(letter)) {
      applyLetter(opts, 'z', arg.slice(k), fromEnv);
      break;
    }
    // On the command line -h alone and -? are lwl's help; -h10 is less's -h (a number), as in LESS.
    if (fromEnv === null && (letter === '?' || (letter === 'h' && k === arg.length - 1))) {
      opts.help = true;
      continue;
    }
    if (fromEnv === null && letter === 'V') {
      opts.version = true;
      continue;
    }
    const spec = letters[letter];
    if (!spec) throw new OptionError(`lwl: unknown option '-${letter}'${where}`);
    if (!spec.value) {
      applyLetter(opts, letter, '', fromEnv);
      continue;
    }
    let value = arg.slice(k + 1);
    if (value === '') {
      if (i + 1 >= args.length) throw new OptionError(`lwl: -${letter}${where} needs a value`);
      value = args[++i];
    }
    applyLetter(opts, letter, value, fromEnv);
    break;
  }
  return i + 1;
}

function resetLetter(opts: Options, letter: string, where: string): void {
  const spec = letters[letter];
  if (!spec) throw new OptionError(`lwl: unknown option '-+${letter}'${where}`);
  const keys = { F: 'quitIfOneScreen', X: 'noAlternateScreen', N: 'lineNumbers', S: 'chop' } as const;
  const key = keys[letter as keyof typeof keys];
  if (key) opts[key] = false;
  if (letter === 'i' || letter === 'I') opts.caseless = 'smart';
  if (letter === 'j') opts.jumpTarget = defaults.jumpTarget;
  if (letter === 'L') opts.lessopen = true;
}

function applyLetter(opts: Options, letter: string, value: string, fromEnv: string | null): void {
  const spec = letters[letter];
  if (spec.set) spec.set(opts, value);
  else note(opts, `-${letter} (--${spec.name})`, fromEnv);
}

/**
 * A prompt (-P) runs to the next `$`, spaces and all, as man sets it
 * (LESS='-ix8RmPm Manual page ls(1) ?ltline %lt...$PM ...$'): lwl has no
 * prompts: its spaces become `_`, which leaves the words around it.
 */
function withoutPrompts(value: string): string {
  let out = '';
  let inOption = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (/\s/.test(c)) inOption = false;
    else if (c === '-' || c === '$') inOption = true;
    else if (inOption && c === 'P') {
      const end = value.indexOf('$', i);
      out += value.slice(i, end < 0 ? undefined : end).replace(/\s/g, '_');
      if (end < 0) break;
      i = end - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/**
 * Splits a variable's value into words as less does: at spaces, and a `$`
 * ends an option that takes a value (LESS='-Pprompt$-i'). A word without a
 * dash is letters (LESS=FRX), unless it is the value of the word before
 * (LESS='-j 5'): readArg tells which.
 */
export function splitVariable(value: string): string[] {
  return withoutPrompts(value)
    .split(/\s+/)
    .flatMap((word) => word.split('$'))
    .filter((word) => word !== '');
}

/** LESSSECURE_ALLOW as less 643 reads it: features by name, separated by commas (and spaces). */
export function secureAllowed(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== '');
}

/**
 * The options: LESS first, then the configuration file's `options` words,
 * then LWL, then the command line, each overriding what came before.
 */
export function parseOptions(
  args: string[],
  env: { LESS?: string; LWL?: string; LWL_SECURE?: string; LESSSECURE?: string; LESSSECURE_ALLOW?: string; LWL_KEYS?: string },
  configWords: string[] = [],
): Options {
  const opts: Options = { ...defaults, files: [], startKeys: [], notes: [], warnings: [], secureAllow: [] };
  if (env.LWL_KEYS === 'less') lessProfile(opts);
  if (env.LESS) readArgs(opts, splitVariable(env.LESS), 'LESS');
  if (configWords.length) readArgs(opts, configWords, 'the config file');
  if (env.LWL) readArgs(opts, splitVariable(env.LWL), 'LWL');
  // Set by whoever runs lwl; nothing a user sets can undo it.
  if (!['', '0'].includes(env.LWL_SECURE ?? '')) opts.secure = true;
  // less's LESSSECURE: any value that is not empty, as less reads it; LESSSECURE_ALLOW's features stay, unless secure mode came otherwise.
  if ((env.LESSSECURE ?? '') !== '') {
    if (!opts.secure) opts.secureAllow = secureAllowed(env.LESSSECURE_ALLOW);
    opts.secure = true;
  }
  readArgs(opts, args, null);
  return opts;
}
