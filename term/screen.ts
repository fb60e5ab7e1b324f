// Turning frames into the fewest VT100 bytes: each frame is compared with the
// one on screen and only the rows that changed are written, in one write.
import { CSI, RESET } from './sgr.ts';

export interface Frame {
  /** One string per screen row: text with SGR sequences only, no cursor movement. */
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
const moveTo = (row: number, col: number) => `${CSI}${row + 1};${col + 1}H`;

export class Screen {
  private shown: string[] | null = null;
  private cursorShown = false;

  /** Forget what is on screen: the next frame is drawn whole. */
  invalidate(): void {
    this.shown = null;
  }

  /** The bytes that turn the screen into `frame`. */
  render(frame: Frame): string {
    let out = '';
    const whole = this.shown === null || this.shown.length !== frame.rows.length;
    if (whole) out += `${RESET}${CSI}H${CSI}2J`;
    for (let i = 0; i < frame.rows.length; i++) {
      if (!whole && this.shown![i] === frame.rows[i]) continue;
      out += moveTo(i, 0) + frame.rows[i] + RESET;
      if (!whole && frame.widths[i] < frame.cols) out += `${CSI}K`;
    }
    this.shown = frame.rows.slice();
    if (frame.cursor) {
      out += moveTo(frame.cursor.row, frame.cursor.col);
      if (!this.cursorShown) out += `${CSI}?25h`;
    } else if (this.cursorShown) {
      out += `${CSI}?25l`;
    }
    this.cursorShown = frame.cursor !== null;
    return out;
  }
}
