// Turning frames into the fewest VT100 bytes: each frame is compared with the
// one on screen; when the text moved up or down by some rows, the terminal
// scrolls it (a line feed at the bottom, a reverse index at the top) and only
// the rows that are new or changed are written. All of it in one write.
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

// Autowrap is off while paging: a character the terminal measures wider than
// lwl does can then never wrap a row and scroll the screen.
export const enterScreen = `${CSI}?1049h${CSI}?7l${CSI}?25l${CSI}H${CSI}2J`;
export const leaveScreen = `${RESET}${CSI}?7h${CSI}?25h${CSI}?1049l`;

/**
 * -X, no alternate screen: the text already on the terminal scrolls up into
 * its history (a line feed per row), and lwl draws on the main screen.
 */
export const enterMainScreen = (rows: number) => `\r${'\n'.repeat(Math.max(0, rows - 1))}${CSI}?7l${CSI}?25l${CSI}H${CSI}2J`;
/** Leaving it, the last screen stays: only the status line is cleared, and the cursor waits there. */
export const leaveMainScreen = (rows: number) => `${RESET}${CSI}?7h${CSI}?25h${CSI}${Math.max(1, rows)};1H${CSI}K`;

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
  private row = -1;
  private col = -1;
  constructor(private readonly cols: number) {}

  moveTo(row: number, col: number): void {
    if (row === this.row && col === this.col) return;
    if (row === this.row && col === 0) this.text += '\r';
    else this.text += col === 0 ? `${CSI}${row + 1}H` : `${CSI}${row + 1};${col + 1}H`;
    this.row = row;
    this.col = col;
  }

  /** Writes a row's text at the cursor; clears the rest of the row if something may be left there. */
  writeRow(text: string, width: number, clear: boolean): void {
    text = clean(text);
    this.text += text;
    // Attributes must not run on into the next row, or colour what erase-in-line clears.
    if (text.includes('\x1b') && !text.endsWith(RESET)) this.text += RESET;
    this.col = Math.min(this.col + width, this.cols - 1);
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
  private shown: string[] | null = null;
  private shownWidths: number[] = [];
  private cursorShown = false;

  /** Forget what is on screen: the next frame is drawn whole. */
  invalidate(): void {
    this.shown = null;
  }

  /** The bytes that turn the screen into `frame`. */
  render(frame: Frame): string {
    const out = new Output(frame.cols);
    const last = frame.rows.length - 1;
    let shown = this.shown;
    let widths = this.shownWidths;
    if (shown === null || shown.length !== frame.rows.length) {
      out.moved(`${RESET}${CSI}H${CSI}2J`, 0, 0);
      shown = frame.rows.map(() => BLANK);
      widths = frame.rows.map(() => 0);
    } else {
      const shift = findShift(shown, frame.rows, last);
      if (shift > 0) {
        // Each new bottom row is written on the status row, then a line feed
        // scrolls the whole screen up; the status line is written again after.
        for (let i = last - shift; i < last; i++) {
          out.moveTo(last, 0);
          const onStatus = i === last - shift;
          out.writeRow(frame.rows[i], frame.widths[i], onStatus && mustErase(shown[last], widths[last], frame.widths[i]));
          out.moved('\r\n', last, 0);
        }
        shown = [...shown.slice(shift, last), ...frame.rows.slice(last - shift, last), BLANK];
        widths = [...widths.slice(shift, last), ...frame.widths.slice(last - shift, last), 0];
      } else if (shift < 0) {
        // Reverse index at the top scrolls the whole screen down, blank rows above.
        out.moveTo(0, 0);
        out.append(REVERSE_INDEX.repeat(-shift));
        shown = [...Array<string>(-shift).fill(BLANK), ...shown.slice(0, last + 1 + shift)];
        widths = [...Array<number>(-shift).fill(0), ...widths.slice(0, last + 1 + shift)];
      }
    }
    for (let i = 0; i <= last; i++) {
      if (shown[i] === frame.rows[i]) continue;
      out.moveTo(i, 0);
      // Erase what the old row had past the new one's end, if it had anything there.
      out.writeRow(frame.rows[i], frame.widths[i], mustErase(shown[i], widths[i], frame.widths[i]));
    }
    this.shown = frame.rows.slice();
    this.shownWidths = frame.widths.slice();
    if (frame.cursor) {
      out.moveTo(frame.cursor.row, frame.cursor.col);
      if (!this.cursorShown) out.append(`${CSI}?25h`);
    } else if (this.cursorShown) {
      out.append(`${CSI}?25l`);
    }
    this.cursorShown = frame.cursor !== null;
    return out.text;
  }
}
