// less's long options that have no letter, as data: lwl accepts each and,
// unless options.ts acts on it, ignores it, so that any LESS a less user has
// is read. `true`: the option takes a value (--name=value or --name value).
//
// Origin: the OPTIONS section of less 590's manual (`man less`, less 590 as
// shipped by Debian and Ubuntu), and the options less added up to 668 as its
// NEWS file names them (--header and the header options, --intr,
// --exit-follow-on-close, --redraw-on-quit, --proc-*, --search-options,
// --show-preproc-errors, --status-line, --lesskey-content, --match-shift,
// --modelines, --wordwrap, --form-feed, --autosave, --no-vbell,
// --no-edit-warn, --no-paste). Names only: the words are less's, the
// behaviour lwl's (see the README's "For less users").
export const lessLongOptions: Readonly<Record<string, boolean>> = {
  // less 590's manual
  'file-size': false,
  incsearch: false,
  'line-num-width': true,
  'lesskey-src': true,
  mouse: false,
  MOUSE: false,
  'no-histdups': false,
  'no-keypad': false,
  'old-bot': false,
  rscroll: true,
  'save-marks': false,
  'status-col-width': true,
  'use-backslash': false,
  'use-color': false,
  'wheel-lines': true,
  // added from 600 to 668
  autosave: true,
  'exit-follow-on-close': false,
  'form-feed': false,
  header: true,
  intr: true,
  'lesskey-content': true,
  'match-shift': true,
  modelines: true,
  'no-edit-warn': false,
  'no-number-headers': false,
  'no-paste': false,
  'no-search-header-lines': false,
  'no-search-header-columns': false,
  'no-search-headers': false,
  'no-vbell': false,
  'proc-backspace': false,
  'proc-return': false,
  'proc-tab': false,
  'redraw-on-quit': false,
  'search-options': true,
  'show-preproc-errors': false,
  'status-line': false,
  wordwrap: false,
};

/** Long names less gives a letter besides the one in its table (-q is --quiet and --silent). */
export const lessLetterAliases: Readonly<Record<string, string>> = {
  silent: 'q',
  SILENT: 'Q',
  noinit: 'X',
};
