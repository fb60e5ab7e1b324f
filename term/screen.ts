// Turning frames into the fewest VT100 bytes: each frame is compared with the
// one on screen; when the text moved up or down by some rows, the terminal
// scrolls it (a line feed at the bottom, a reverse index at the top) inside a
// scroll region (DECSTBM) that leaves the status line out, and only the rows
// that are new or changed are written: of a changed row, only the cells that
// differ when that is shorter. All of it in one write.
import { CSI, RESET } from './sgr.ts';

export interface Frame {
  /** One string per screen row: text with SGR sequences only, no cursor movement. The last row is the status line. */
  rows: string[];
  /** Cells each row fills: a full row must not be followed by erase-in-line, which would clear its last cell. */
  widths: number[];
  cols: number;
  /** Where to show the cursor (0-based), or null to hide it. */
  cursor: { row: number; col: number } | null;
}

/** DECSTBM with no margins: the scroll region is the whole screen again (the cursor goes home). */
export const RESET_REGION = `${CSI}r`;
/** The rows above the status line (`rows` of them, 1-based) scroll; the status line stays. */
const scrollRegion = (rows: number) => `${CSI}1;${rows}r`;

// Autowrap is off while paging: a character the terminal measures wider than
// lwl does can then never wrap a row and scroll the screen.
export const enterScreen = `${CSI}?1049h${CSI}?7l${CSI}?25l${CSI}H${CSI}2J`;
/**
 * Taking the terminal back from a child (a command run with > or !, the
 * browser, ^Z and fg): whatever it left set that would garble lwl's frames is
 * reset: a soft reset (DECSTR, where the terminal knows it), then one by one
 * for those that do not: the ASCII set in G0 and shifted in (after ESC ( 0 or
 * SO, the status line would be line-drawing glyphs), origin mode off (the rows
 * would count from a scroll region), insert mode off, the whole screen the
 * scroll region. Autowrap, the cursor and the screen are lwl's enter sequence.
 */
const G0_ASCII = '\x1b(B';
/** Made at run time: esbuild writes SI (a '\x0f', or String.fromCharCode(15)) as the raw byte, and the bundle must be ASCII. */
const SHIFT_IN = Buffer.from([0x0f]).toString('latin1');
/** What of it can be reset where the cursor is (a region or origin mode reset moves it home): before the line that says the command ended. */
export const textReset = `${G0_ASCII}${SHIFT_IN}${CSI}4l`;
export const takeBackReset = `${CSI}!p${textReset}${CSI}?6l${RESET_REGION}`;
/** Resets the scroll region (the whole screen) first: a terminal is never left with one set. */
export const leaveScreen = `${RESET}${RESET_REGION}${CSI}?7h${CSI}?25h${CSI}?1049l`;

/**
 * -X, no alternate screen: the text already on the terminal scrolls up into
 * its history (a line feed per row), and lwl draws on the main screen.
 */
export const enterMainScreen = (rows: number) => `\r${'\n'.repeat(Math.max(0, rows - 1))}${CSI}?7l${CSI}?25l${CSI}H${CSI}2J`;
/** Leaving it, the last screen stays: only the status line is cleared, and the cursor waits there. */
export const leaveMainScreen = (rows: number) => `${RESET}${RESET_REGION}${CSI}?7h${CSI}?25h${CSI}${Math.max(1, rows)};1H${CSI}K`;

const REVERSE_INDEX = '\x1bM';

// Defense in depth: a row may hold SGR sequences and nothing else that acts on
// the terminal. Text is sanitized before it gets here (text/sanitize.ts); should
// anything slip through, a C0 or C1 control, an ESC that does not start an SGR
// sequence, or a bidi control is written as U+FFFD.
const foreign = /\x1b(?!\[[0-9;]*m)|[\x00-\x1a\x1c-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const mayBeForeign = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** An OSC 8 hyperlink as lwl writes it (term/hyperlink.ts): kept whole; and anything foreign. */
const hyperlinkOrForeign = new RegExp(String.raw`(\x1b\]8;(?:id=[\w.-]+)?;[\x21-\x5b\x5d-\x7e]*\x1b\\)|` + foreign.source, 'g');

/** A row's text with anything but SGR sequences and lwl's OSC 8 hyperlinks that could act on the terminal replaced by U+FFFD. */
export function clean(text: string): string {
  // Most rows hold no ESC and no control at all: one test, no replacement.
  if (!mayBeForeign.test(text)) return text;
  return text.replace(hyperlinkOrForeign, (found: string, hyperlink: string | undefined) => (hyperlink ? found : '\ufffd'));
}
const BLANK = '';

/** Builds the output, knowing where the cursor is so as not to move it needlessly. */
class Output {
  text = '';
  /**
   * @param bottomMargin the last row (0-based) a line feed moves to without
   * scrolling: the scroll region's bottom row, or the screen's.
   * @param row, col where the cursor is (-1: not known)
   */
  constructor(
    private readonly cols: number,
    private readonly bottomMargin: number,
    private readonly lineFeedReturns: boolean,
    public row: number,
    public col: number,
    /** The cursor's column is known to the cell: it was placed there, or only ASCII was written since. */
    public colExact: boolean,
  ) {}

  /** The bytes that take the cursor to the start of the next row. */
  private get newline(): string {
    return this.lineFeedReturns ? '\n' : '\r\n';
  }

  moveTo(row: number, col: number): void {
    if (row === this.row && col === this.col) return;
    if (row === this.row && col === 0) this.text += '\r';
    // Along the row, forward or back, from a column known to the cell (what was written since is ASCII): shorter than a position.
    else if (row === this.row && this.col >= 0 && this.colExact) this.text += alongTheRow(col - this.col);
    // The next row down, but not from the margin, where a line feed would scroll.
    else if (col === 0 && this.row >= 0 && row === this.row + 1 && this.row !== this.bottomMargin) this.text += this.newline;
    else this.text += col === 0 ? `${CSI}${row + 1}H` : `${CSI}${row + 1};${col + 1}H`;
    this.row = row;
    this.col = col;
    this.colExact = true;
  }

  /**
   * Scrolls the rows from the cursor's row to the bottom margin (the region's
   * last row) up by `n`, with line feeds there; the cursor is left at the
   * margin's start.
   */
  scrollUp(n: number): void {
    const margin = this.bottomMargin;
    if (!this.lineFeedReturns) this.moveTo(margin, 0);
    // Any column will do when a line feed returns the carriage: from just below the region, one row up.
    else if (this.row === margin + 1) this.text += `${CSI}A`;
    else if (this.row !== margin) this.text += `${CSI}${margin + 1}H`;
    this.text += '\n'.repeat(n);
    this.row = margin;
    this.col = 0;
    this.colExact = true;
  }

  /** Writes a row's text at the cursor; clears the rest of the row if something may be left there. */
  writeRow(text: string, width: number, clear: boolean): void {
    text = clean(text);
    this.text += text;
    // Attributes must not run on into the next row, or colour what erase-in-line clears.
    if (endsStyled(text)) this.text += RESET;
    this.col = Math.min(this.col + width, this.cols - 1);
    // A character the terminal measures otherwise than lwl leaves the cursor elsewhere: only a position is sure after it.
    if (/[^\x00-\x7f]/.test(text)) this.colExact = false;
    if (clear && width < this.cols) this.text += `${CSI}K`;
  }

  /** Appends bytes that leave the cursor where it is. */
  append(text: string): void {
    this.text += text;
  }

  /** Appends bytes after which the cursor is at (row, col). */
  moved(text: string, row: number, col: number): void {
    this.text += text;
    this.row = row;
    this.col = col;
    this.colExact = true;
  }

  /** A mark to go back to: what has been written and where the cursor is. */
  save(): { text: string; row: number; col: number; colExact: boolean } {
    return { text: this.text, row: this.row, col: this.col, colExact: this.colExact };
  }

  restore(saved: { text: string; row: number; col: number; colExact: boolean }): void {
    this.text = saved.text;
    this.row = saved.row;
    this.col = saved.col;
    this.colExact = saved.colExact;
  }
}

/**
 * Whether a row written over `old` must erase to the end: when the old one was
 * wider, or held characters whose width the terminal may count otherwise.
 */
function mustErase(old: string, oldWidth: number, newWidth: number): boolean {
  return oldWidth > newWidth || (old !== BLANK && /[^\x00-\x7f]/.test(old));
}

/**
 * A row of printable ASCII as cells: each character, the SGR sequences in
 * force for it (all since the last reset: equal strings look alike), and
 * where it starts in the row's text. Null for any other row (wide or
 * ambiguous characters, hyperlinks), which is only ever written whole.
 */
export interface Cells {
  chars: string[];
  states: string[];
  starts: number[];
}

/** Splits a row into cells in one pass over its characters (this runs for rows that changed only a little, on every key). */
export function cellsOf(row: string): Cells | null {
  const cells: Cells = { chars: [], states: [], starts: [] };
  let state = '';
  for (let i = 0; i < row.length; ) {
    const c = row.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) {
      cells.chars.push(row[i]);
      cells.states.push(state);
      cells.starts.push(i);
      i++;
      continue;
    }
    // An SGR sequence: ESC [ digits and semicolons m; anything else makes the row one to write whole.
    if (c !== 0x1b || row.charCodeAt(i + 1) !== 0x5b) return null;
    let end = i + 2;
    while (end < row.length && ((row.charCodeAt(end) >= 0x30 && row.charCodeAt(end) <= 0x39) || row.charCodeAt(end) === 0x3b)) end++;
    if (row.charCodeAt(end) !== 0x6d) return null;
    const params = row.slice(i + 2, end);
    state = params === '' || params === '0' ? '' : state + row.slice(i, end + 1);
    i = end + 1;
  }
  return cells;
}

/** The length of the common start of two strings. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The length of the common end of two strings. */
function commonSuffix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** Rows changed in a frame up to which each is looked into for the cells that changed (a selection or a match that moved). */
const FEW_ROWS = 4;

/** Below this many bytes in common, a part of a row saves nothing over the cursor move it needs. */
const WORTH_A_MOVE = 8;

/**
 * The part of `row` that differs from `old` on screen, when both are rows of
 * printable ASCII: from the first cell that differs to the last (or to the
 * end, erasing what the old row had beyond it). Null if the row is better
 * written whole.
 */
export function changedPart(old: string, row: string): { col: number; text: string; erase: boolean } | null {
  // Worth looking into only when most of the row stays (a status line's count, a selection that moved): not for a new page.
  if (commonPrefix(old, row) + commonSuffix(old, row) < Math.max(WORTH_A_MOVE, row.length / 2)) return null;
  const was = cellsOf(old);
  const now = cellsOf(row);
  if (was === null || now === null) return null;
  const oldLength = was.chars.length;
  const length = now.chars.length;
  const same = (i: number, j: number) => was.chars[i] === now.chars[j] && was.states[i] === now.states[j];
  let start = 0;
  while (start < oldLength && start < length && same(start, start)) start++;
  // The cells after the change stay where they are only if the row keeps its length.
  let end = length;
  if (oldLength === length) while (end > start && same(end - 1, end - 1)) end--;
  if (start === end && oldLength <= length) return { col: start, text: '', erase: false };
  const text = start === end ? '' : now.states[start] + row.slice(now.starts[start], now.starts[end - 1] + 1);
  return { col: start, text, erase: oldLength > length };
}

/** One step of rewriting a row in place: text written at a column, or cells deleted or blanks inserted there (the cells after it move). */
export type RowEdit = { col: number; text: string } | { col: number; delete: number } | { col: number; insert: number };

/** A gap of unchanged cells up to this long is written again rather than moved over (a move forward costs 4 bytes or more). */
const GAP = 4;

/**
 * The edits that turn `old` into `row` on screen, when both are rows of
 * printable ASCII: each run of changed cells written alone (the status line's
 * count: `14,647,630-14,647,653` after `14,647,629-14,647,652` writes `30`
 * and `3`), and where the row got shorter or longer with its end unchanged,
 * the cells deleted or blanks inserted that move that end into place. Null if
 * the row is better written whole or by changedPart.
 */
export function rowEdits(old: string, row: string): RowEdit[] | null {
  const was = cellsOf(old);
  const now = cellsOf(row);
  if (was === null || now === null) return null;
  const a = was.chars.length;
  const b = now.chars.length;
  const same = (i: number, j: number) => i >= 0 && was.chars[i] === now.chars[j] && was.states[i] === now.states[j];
  let prefix = 0;
  while (prefix < a && prefix < b && same(prefix, prefix)) prefix++;
  let suffix = 0;
  while (suffix < a - prefix && suffix < b - prefix && same(a - 1 - suffix, b - 1 - suffix)) suffix++;
  if (a === b) return runs(now, row, (j) => j, same, []);
  // A length that changed with no end in common is changedPart's (it erases the rest).
  if (suffix === 0) return null;
  // The cells to delete (or blanks to insert) go where the change starts, or just before the end in common: whichever leaves less to write.
  const shift = b - a;
  const candidates = [prefix, b - suffix - Math.max(0, shift)].map((at) => {
    const step: RowEdit = shift < 0 ? { col: at, delete: -shift } : { col: at, insert: shift };
    // Which old cell each new cell shows after the shift (-1: an inserted blank).
    const from = (j: number) => (j < at ? j : shift < 0 ? j - shift : j < at + shift ? -1 : j - shift);
    const blankOr = (i: number, j: number) => (i < 0 ? now.chars[j] === ' ' && now.states[j] === '' : same(i, j));
    return runs(now, row, from, blankOr, [step]);
  });
  const cost = (edits: RowEdit[]) => edits.reduce((sum, e) => sum + 6 + ('text' in e ? e.text.length : 0), 0);
  return cost(candidates[0]) <= cost(candidates[1]) ? candidates[0] : candidates[1];
}

/** `edits`, then each run of cells of `now` that differ from the old cell shown there (`from`), runs a short gap apart written as one. */
function runs(now: Cells, row: string, from: (j: number) => number, same: (i: number, j: number) => boolean, edits: RowEdit[]): RowEdit[] {
  const b = now.chars.length;
  for (let j = 0; j < b; ) {
    if (same(from(j), j)) {
      j++;
      continue;
    }
    const start = j;
    let end = j + 1;
    for (let k = end; k < b && k <= end + GAP; k++) if (!same(from(k), k)) end = k + 1;
    edits.push({ col: start, text: now.states[start] + row.slice(now.starts[start], now.starts[end - 1] + 1) });
    j = end;
  }
  return edits;
}

/**
 * How far the text rows moved: k > 0 when row i of the new frame is row i + k
 * of the old one (scrolled down the document), k < 0 the other way; 0 when
 * scrolling would not save writing rows.
 */
export function findShift(shown: string[], rows: string[], textRows: number): number {
  let best = 0;
  let bestMatches = 0;
  const count = (k: number) => {
    let matches = 0;
    for (let i = Math.max(0, -k); i < textRows && i + k < textRows; i++) if (rows[i] === shown[i + k]) matches++;
    return matches;
  };
  for (let k = 1; k < textRows; k++) {
    // Candidates: the first new row is an old one further down, or the first old row is a new one further down.
    for (const shift of [k, -k]) {
      const anchor = shift > 0 ? rows[0] === shown[shift] : rows[-shift] === shown[0];
      if (!anchor) continue;
      const matches = count(shift);
      if (matches > bestMatches) {
        best = shift;
        bestMatches = matches;
      }
    }
  }
  // Worth it only if more rows stay than are written again anyway.
  return bestMatches > (textRows - Math.abs(best)) / 2 && bestMatches > count(0) ? best : 0;
}

export class Screen {
  /**
   * @param lineFeedReturns a line feed also returns the carriage (the tty's
   * ONLCR, which Node's raw mode keeps on), so it is the shortest way to the
   * start of the next row.
   */
  constructor(private readonly lineFeedReturns = true) {}

  private shown: string[] | null = null;
  private shownWidths: number[] = [];
  private cursorShown = false;
  /** Where the last frame left the cursor (-1: not known). */
  private cursorRow = -1;
  private cursorCol = -1;
  private cursorExact = false;

  /** Forget what is on screen: the next frame is drawn whole. */
  invalidate(): void {
    this.shown = null;
    this.cursorRow = this.cursorCol = -1;
  }

  /** The bytes that turn the screen into `frame`. */
  render(frame: Frame): string {
    const drawn = this.draw(frame);
    this.shown = frame.rows.slice();
    this.shownWidths = frame.widths.slice();
    this.cursorShown = frame.cursor !== null;
    this.cursorRow = drawn.row;
    this.cursorCol = drawn.col;
    this.cursorExact = drawn.colExact;
    return drawn.text;
  }

  /** The bytes of a frame, and where they leave the cursor. */
  private draw(frame: Frame): { text: string; row: number; col: number; colExact: boolean } {
    const last = frame.rows.length - 1;
    // The text rows scroll in a region of their own when there are two or more (DECSTBM needs two).
    const region = last >= 2;
    const out = new Output(frame.cols, region ? last - 1 : last, this.lineFeedReturns, this.cursorRow, this.cursorCol, this.cursorExact);
    let shown = this.shown;
    let widths = this.shownWidths;
    if (shown === null || shown.length !== frame.rows.length) {
      out.moved(`${RESET}${region ? scrollRegion(last) : RESET_REGION}${CSI}H${CSI}2J`, 0, 0);
      shown = frame.rows.map(() => BLANK);
      widths = frame.rows.map(() => 0);
    } else {
      const shift = findShift(shown, frame.rows, last);
      // When the rows scroll and the status line changes, the scroll goes first if the cursor is where it
      // starts (the region's bottom row for a line feed, its top for a reverse index: where the last scroll
      // left it), the status line first if not (the cursor is mostly on it): the shorter. j after j alternates.
      const scrollFirst = region && (shift > 0 ? this.cursorRow === last - 1 : this.cursorRow === 0);
      if (shift !== 0 && shown[last] !== frame.rows[last] && !scrollFirst) {
        writeChanged(out, last, shown[last], widths[last], frame, true);
        shown = [...shown.slice(0, last), frame.rows[last]];
        widths = [...widths.slice(0, last), frame.widths[last]];
      }
      if (shift > 0) {
        // Line feeds at the region's bottom scroll the text up; the status line stays.
        out.scrollUp(shift);
        shown = [...shown.slice(shift, last), ...Array<string>(shift).fill(BLANK), shown[last]];
        widths = [...widths.slice(shift, last), ...Array<number>(shift).fill(0), widths[last]];
      } else if (shift < 0) {
        // Reverse index at the region's top scrolls the text down, blank rows above.
        out.moveTo(0, 0);
        out.append(REVERSE_INDEX.repeat(-shift));
        shown = [...Array<string>(-shift).fill(BLANK), ...shown.slice(0, last + shift), shown[last]];
        widths = [...Array<number>(-shift).fill(0), ...widths.slice(0, last + shift), widths[last]];
      }
    }
    // A new page changes every row: there, only the status line is looked into for the cells that changed (it costs time per row).
    let changed = 0;
    for (let i = 0; i <= last; i++) if (shown[i] !== frame.rows[i]) changed++;
    const fewChanged = changed <= FEW_ROWS;
    for (let i = 0; i <= last; i++) if (shown[i] !== frame.rows[i]) writeChanged(out, i, shown[i], widths[i], frame, fewChanged || i === last);
    if (frame.cursor) {
      out.moveTo(frame.cursor.row, frame.cursor.col);
      if (!this.cursorShown) out.append(`${CSI}?25h`);
    } else if (this.cursorShown) {
      out.append(`${CSI}?25l`);
    }
    return { text: out.text, row: out.row, col: out.col, colExact: out.colExact };
  }
}

/**
 * Writes row i of `frame` over `old` (`oldWidth` cells): the whole row,
 * erasing what the old one had past the new one's end, or, when `lookInto`
 * and it is shorter, only the cells that changed: from the first to the
 * last, or run by run.
 */
function writeChanged(out: Output, i: number, old: string, oldWidth: number, frame: Frame, lookInto: boolean): void {
  const row = frame.rows[i];
  const before = out.save();
  out.moveTo(i, 0);
  // Over a blank row (scrolled in, cleared), the plain spaces at the row's end (where it wrapped) are there already.
  const written = old === BLANK ? row.replace(/ +$/, '') : row;
  out.writeRow(written, frame.widths[i] - (row.length - written.length), mustErase(old, oldWidth, frame.widths[i]));
  if (!lookInto) return;
  let best = out.save();
  const tryWriting = (write: () => void) => {
    out.restore(before);
    write();
    if (out.text.length < best.text.length) best = out.save();
    out.restore(best);
  };
  const part = changedPart(old, row);
  if (part !== null) {
    tryWriting(() => {
      if (part.text === '' && !part.erase) return;
      out.moveTo(i, part.col);
      out.writeRow(part.text, visibleLength(part.text), part.erase);
    });
  }
  const edits = rowEdits(old, row);
  if (edits !== null) tryWriting(() => edit(out, i, edits));
}

/** Writes a row's edits: text at its column, cells deleted (DCH) or blanks inserted (ICH) there, in the attributes of no text (writeRow ends each text reset). */
function edit(out: Output, row: number, edits: RowEdit[]): void {
  for (const e of edits) {
    out.moveTo(row, e.col);
    if ('text' in e) out.writeRow(e.text, visibleLength(e.text), false);
    else out.append('delete' in e ? `${CSI}${e.delete}P` : `${CSI}${e.insert}@`);
  }
}

/**
 * A move along a row by `cells` (not 0): CUF or CUB, whose count of 1 goes
 * without saying. Not a backspace for one back, though shorter: lwl writes no
 * C0 control but CR and LF, so that any other reaching the terminal is known
 * to be a document's (test/e2e/foreign.ts).
 */
function alongTheRow(cells: number): string {
  const n = Math.abs(cells);
  return `${CSI}${n === 1 ? '' : n}${cells > 0 ? 'C' : 'D'}`;
}

/** Whether an SGR sequence other than a reset is still in force at the end of `text`. */
function endsStyled(text: string): boolean {
  const last = text.lastIndexOf(CSI);
  return last >= 0 && !text.startsWith(RESET, last) && !text.startsWith(`${CSI}0m`, last);
}

/** The cells printable ASCII text with SGR sequences fills. */
const visibleLength = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '').length;
