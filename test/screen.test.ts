// Frames to bytes: checked through a real terminal emulator, so that whatever
// the diff and the scrolling do, the screen ends up showing the frame.
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { seeded } from './random.ts';
import { Screen, changedPart, clean, rowEdits, enterScreen, findShift, leaveMainScreen, leaveScreen, type Frame } from '../term/screen.ts';
import { sgr } from '../term/sgr.ts';
import { foreignBytes } from './e2e/foreign.ts';

const COLS = 20;

const frame = (rows: string[], cursor: Frame['cursor'] = null): Frame => ({
  rows,
  widths: rows.map((r) => r.replace(/\x1b\[[0-9;]*m/g, '').length),
  cols: COLS,
  cursor,
});

/** A terminal that has been sent everything so far. */
class Terminal {
  readonly term: xterm.Terminal;
  /** @param lineFeedReturns as a pty in Node's raw mode (ONLCR) */
  constructor(rows: number, lineFeedReturns = true) {
    this.term = new xterm.Terminal({ cols: COLS, rows, allowProposedApi: true, convertEol: lineFeedReturns });
  }
  async write(bytes: string): Promise<void> {
    await new Promise<void>((resolve) => this.term.write(bytes, resolve));
  }
  text(): string[] {
    const b = this.term.buffer.active;
    return Array.from({ length: this.term.rows }, (_, i) => b.getLine(b.viewportY + i)!.translateToString(true));
  }
}

const plain = (rows: string[]) => rows.map((r) => r.replace(/\x1b\[[0-9;]*m/g, ''));

/** A document of numbered lines; a frame shows `height` of them from `top`, and a status line. */
function page(top: number, height: number, status = ':'): string[] {
  const rows = Array.from({ length: height }, (_, i) => `line ${top + i}` + (((top + i) % 3 === 0) ? ' ' + sgr({ fg: 'blue' }) + '[x]' : ''));
  return [...rows, status];
}

describe('screen diff', () => {
  it('draws the first frame whole, then only the rows that changed', () => {
    const screen = new Screen();
    expect(screen.render(frame(['one', 'two', ':']))).toContain('\x1b[2J');
    expect(screen.render(frame(['one', 'TWO', ':']))).toBe('\x1b[2HTWO');
    expect(screen.render(frame(['one', 'TWO', ':']))).toBe('');
    // The cursor is still on that row: a carriage return takes it back.
    expect(screen.render(frame(['one', 'TW', ':']))).toBe('\rTW\x1b[K');
  });

  it('does not erase after a row that fills the width', () => {
    const screen = new Screen();
    screen.render(frame(['a'.repeat(25), ':']));
    expect(screen.render(frame(['b'.repeat(20), ':']))).toBe('\x1b[1H' + 'b'.repeat(20));
  });

  it('shows the cursor only while a frame asks for it', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    expect(screen.render(frame(['a', '/x'], { row: 1, col: 2 }))).toBe('\r/x\x1b[?25h');
    expect(screen.render(frame(['a', ':']))).toBe('\r:\x1b[K\x1b[?25l');
  });

  it('redraws whole after invalidate', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    screen.invalidate();
    expect(screen.render(frame(['a', ':']))).toContain('\x1b[2J');
  });
});

describe('scrolling', () => {
  it('finds how far the rows moved', () => {
    expect(findShift(page(1, 5), page(2, 5), 5)).toBe(1);
    expect(findShift(page(1, 5), page(4, 5), 5)).toBe(3);
    expect(findShift(page(4, 5), page(2, 5), 5)).toBe(-2);
    expect(findShift(page(1, 5), page(9, 5), 5)).toBe(0);
    expect(findShift(page(1, 5), page(1, 5), 5)).toBe(0);
  });

  it('keeps the status line out of a scroll region set on the first frame', () => {
    const screen = new Screen();
    expect(screen.render(frame(page(1, 23)))).toMatch(/^\x1b\[m\x1b\[1;23r/);
    // Too few rows for a region (DECSTBM needs two): none.
    expect(new Screen().render(frame(page(1, 1)))).toMatch(/^\x1b\[m\x1b\[r/);
  });

  it('scrolls one line down with a line feed at the region\'s bottom and writes only the new row: an unchanged status line stays', () => {
    const screen = new Screen();
    screen.render(frame(page(1, 23)));
    // From the status row: up a row, a line feed (which returns the carriage), the new row.
    expect(screen.render(frame(page(2, 23)))).toBe('\x1b[A\nline 24 \x1b[34m[x]\x1b[m');
    // The cursor is left on that row: the next line is a line feed and the row.
    expect(screen.render(frame(page(3, 23)))).toBe('\nline 25');
    // Where a line feed does not return the carriage, a carriage return too.
    const plainFeeds = new Screen(false);
    plainFeeds.render(frame(page(1, 23)));
    expect(plainFeeds.render(frame(page(2, 23)))).toBe('\x1b[23H\nline 24 \x1b[34m[x]\x1b[m');
    expect(plainFeeds.render(frame(page(3, 23)))).toBe('\r\nline 25');
  });

  it('writes the scroll or the status line first, whichever is shorter from where the cursor is: j after j alternates', async () => {
    const screen = new Screen();
    const terminal = new Terminal(24);
    await terminal.write(screen.render(frame(page(1, 23, ': 1-23 of 999'))));
    const outputs: string[] = [];
    for (let top = 2; top < 8; top++) {
      outputs.push(screen.render(frame(page(top, 23, `: ${top}-${top + 22} of 999`))));
      await terminal.write(outputs[outputs.length - 1]);
    }
    // From the status line (where the first frame left the cursor): its digits, then up and a line feed.
    expect(outputs[0]).toBe('\x1b[11D2-24\x1b[A\nline 24 \x1b[34m[x]\x1b[m');
    // From the text's bottom, where that left it: the line feed first, then down to the digits.
    expect(outputs[1]).toBe('\nline 25\x1b[24;3H3-25');
    expect(outputs[2]).toBe('\x1b[4D4-26\x1b[A\nline 26');
    // 139 bytes for the six, where the status line always first took 154.
    expect(outputs.join('').length).toBe(139);
    expect(terminal.text()).toEqual(plain(page(7, 23, ': 7-29 of 999')));
  });

  it('leaves out the plain spaces at the end of a row it writes over a blank one (where a line wrapped), not styled ones', async () => {
    const screen = new Screen();
    const terminal = new Terminal(24);
    const rows = (last: string[]) => [...page(1, 23).slice(last.length, 23), ...last, ':'];
    await terminal.write(screen.render(frame(rows([]))));
    const out = screen.render(frame(rows(['wrapped here  ', `styled ${sgr({ bg: 'blue' })}  \x1b[m   `])));
    expect(out).toBe(`\x1b[A\n\n\x1b[22Hwrapped here\nstyled ${sgr({ bg: 'blue' })}  \x1b[m`);
    await terminal.write(out);
    expect(terminal.text().slice(21, 23)).toEqual(['wrapped here', 'styled   ']); // the styled cells written, the plain ones after them not
  });

  it('scrolls one line up with a reverse index at the region\'s top', () => {
    const screen = new Screen();
    screen.render(frame(page(2, 23)));
    expect(screen.render(frame(page(1, 23)))).toBe('\x1b[1H\x1bMline 1');
  });

  it('writes only the cells of a row that changed, when that is shorter', () => {
    const screen = new Screen();
    const bold = sgr({ bold: true });
    screen.render(frame(page(1, 23, `${bold}:\x1b[m lines 1-23 of 71,514 (0%)`)));
    expect(screen.render(frame(page(2, 23, `${bold}:\x1b[m lines 2-24 of 71,514 (0%)`)))).toBe('\x1b[11D2-24\x1b[A\nline 24 \x1b[34m[x]\x1b[m');
    // Shorter, its end unchanged: past "2-24 of ", five cells deleted and a 9 written.
    expect(screen.render(frame(page(2, 23, `${bold}:\x1b[m lines 2-24 of 9 (0%)`)))).toBe('\x1b[24;17H\x1b[5P9');
    expect(screen.render(frame(page(2, 23, `${bold}: lines\x1b[m 2-24 of 9 (0%)`)))).toBe('\x1b[16D\x1b[1m lines\x1b[m');
  });

  it("writes a status line's changed digits only, each run of them on its own, and moves its end by deleting or inserting cells", () => {
    const screen = new Screen();
    screen.render(frame(page(1, 23, ': lines 14,647,629-14,647,652 of 14,647,653 (99%)')));
    // Before the rows scroll, from where the last frame left the cursor on the status line: back to the digits, then forward over what stays.
    expect(screen.render(frame(page(2, 23, ': lines 14,647,630-14,647,653 of 14,647,653 (99%)')))).toBe('\x1b[3D30\x1b[10C3\x1b[A\nline 24 \x1b[34m[x]\x1b[m');
    // Back along the row from where the last frame left the cursor; and, a row longer by two cells with its end unchanged: blanks inserted where the change starts.
    screen.render(frame(page(2, 23, ': lines 998-1,020 of 14,647,653 (0%)')));
    expect(screen.render(frame(page(2, 23, ': lines 999-1,021 of 14,647,653 (0%)')))).toBe('\x1b[9D9\x1b[5C1');
    // One cell back or forward: a count of one goes without saying (and no backspace: lwl writes no C0 control but CR and LF).
    const small = new Screen();
    small.render(frame(page(1, 23, ': 9-31 of 99 (9%)')));
    expect(small.render(frame(page(1, 23, ': 9-31 of 99 (8%)')))).toBe('\x1b[3D8');
    expect(small.render(frame(page(1, 23, ': 9-31 of 99 (7%)')))).toBe('\x1b[D7');
    expect(small.render(frame(page(1, 23, ': 9-31 of 98 (7%)')))).toBe('\x1b[4D8');
    expect(small.render(frame(page(1, 23, ': 9-31 of 97 (6%)')))).toBe('\x1b[D7 (6');
    expect(small.render(frame(page(1, 23, ': 9-31 of 97 (6%]')))).toBe('\x1b[C]');
    expect(small.render(frame(page(1, 23, ': 9-31 of 97 (6%] ab')))).toBe(' ab');
    expect(small.render(frame(page(1, 23, ': 9-31 of 97 (6%] xb')))).toBe('\x1b[Dx');
    expect(rowEdits('lines 998-1,020 of 9', 'lines 1,001-1,023 of 9')).toEqual([{ col: 15, insert: 2 }, { col: 6, text: '1,001-1,023' }]);
    expect(rowEdits('a \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\', 'b \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\')).toBeNull();
  });

  it("writes nothing of its own but lwl's sequences, CR and LF, however the status line's digits change (no backspace)", () => {
    const random = seeded(20261202);
    const screen = new Screen();
    const thousands = (v: number) => v.toLocaleString('en-US');
    let out = screen.render(frame(page(1, 23, ': 1-23 of 99 (1%)')));
    // Lines moving by a few at a time (j, k, d), now and then far (a search, G).
    for (let n = 0, top = 3990; n < 2000; n++) {
      top = random(20) === 0 ? random(20000) : Math.max(1, top + random(7) - 3);
      out += screen.render(frame(page(1 + random(3), 23, `: ${thousands(top)}-${thousands(top + 22 + random(2))} of 14,647,653 (${Math.floor(top / 200)}%)`)));
    }
    expect(foreignBytes(out)).toEqual([]);
  });

  it('finds the changed cells of rows of printable ASCII only', () => {
    expect(changedPart('a long row of text here', 'a long row of TEXT here')).toEqual({ col: 14, text: 'TEXT', erase: false });
    expect(changedPart('a long row of text here', 'a long row of text here, longer')).toEqual({ col: 23, text: ', longer', erase: false });
    expect(changedPart('\x1b[1ma long row\x1b[m of text', '\x1b[1ma long rot\x1b[m of text')).toEqual({ col: 9, text: '\x1b[1mt', erase: false });
    // Wide characters or hyperlinks: written whole.
    expect(changedPart('a long row of text 한', 'a long row of text 한국')).toBeNull();
    expect(changedPart('a long \x1b]8;;http://x\x1b\\row\x1b]8;;\x1b\\ of text', 'a long \x1b]8;;http://x\x1b\\row\x1b]8;;\x1b\\ of next')).toBeNull();
    // Little in common: written whole.
    expect(changedPart('one', 'two')).toBeNull();
  });

  it.each([true, false])('leaves the terminal showing exactly each frame, whatever the moves (a line feed returns: %s)', async (lineFeedReturns) => {
    const height = 8;
    const term = new Terminal(height + 1, lineFeedReturns);
    const screen = new Screen(lineFeedReturns);
    await term.write(enterScreen);
    const random = seeded(7);
    let top = 1;
    for (let step = 0; step < 300; step++) {
      const move = [1, -1, 2, -3, 5, height, -height, 0][random(8)];
      top = Math.max(1, top + move);
      // Counts of more and fewer digits, a name before them at the top: cells deleted and inserted too.
      const count = ((top * 97) % 20000).toLocaleString('en-US');
      const statuses = [':', 'a message, long one', `${sgr({ bold: true })}:\x1b[m ${top}-${top + height} of 1,000`, `lines ${top} of 9`, `: ${count} of 9 (${top % 100}%)`, `: a  ${count} (${top % 100}%)`];
      const rows = page(top, height, statuses[random(statuses.length)]);
      // Now and then a row changes in place too (a selection moving, a match shown).
      if (random(3) === 0) rows[random(height)] += ' *';
      if (random(3) === 0) {
        const i = random(height);
        rows[i] = rows[i].replace('line', random(2) === 0 ? `li${sgr({ reverse: true })}n\x1b[me` : 'LINE');
      }
      const f = frame(rows, random(5) === 0 ? { row: height, col: 1 } : null);
      await term.write(screen.render(f));
      expect(term.text()).toEqual(plain(rows));
    }
  });
});

describe('leaving', () => {
  it('resets the scroll region, on the alternate screen and on the main one', async () => {
    for (const leave of [leaveScreen, leaveMainScreen(5)]) {
      const term = new Terminal(5);
      const screen = new Screen();
      await term.write(screen.render(frame(page(1, 4))));
      await term.write(leave);
      // A line feed at the bottom scrolls the whole screen again: the top row goes.
      await term.write('\x1b[5H\ntail');
      const rows = term.text();
      expect(rows[4]).toBe('tail');
      expect(rows[0]).not.toBe('line 1');
    }
  });
});

describe('defense in depth', () => {
  it('writes U+FFFD for any control, foreign escape or bidi control that reaches a row', () => {
    expect(clean('plain text')).toBe('plain text');
    expect(clean('\x1b[1;34mlink\x1b[m')).toBe('\x1b[1;34mlink\x1b[m');
    expect(clean('a\x1b]0;T\x07b\u009b2Jc\u202ed\x1b[2J')).toBe('a\ufffd]0;T\ufffdb\ufffd2Jc\ufffdd\ufffd[2J');
    const screen = new Screen();
    const out = screen.render({ rows: ['x\x1b]0;T\x07', ':'], widths: [5, 1], cols: 10, cursor: null });
    expect(out).not.toContain('\x1b]');
    expect(out).not.toContain('\x07');
  });
});
