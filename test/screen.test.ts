// Frames to bytes: checked through a real terminal emulator, so that whatever
// the diff and the scrolling do, the screen ends up showing the frame.
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { seeded } from './random.ts';
import { Screen, clean, enterScreen, findShift, type Frame } from '../term/screen.ts';
import { sgr } from '../term/sgr.ts';

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
  constructor(rows: number) {
    this.term = new xterm.Terminal({ cols: COLS, rows, allowProposedApi: true });
  }
  async write(bytes: string): Promise<void> {
    await new Promise<void>((resolve) => this.term.write(bytes, resolve));
  }
  text(): string[] {
    const b = this.term.buffer.active;
    return Array.from({ length: this.term.rows }, (_, i) => b.getLine(i)!.translateToString(true));
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
    expect(screen.render(frame(['one', 'TW', ':']))).toBe('\x1b[2HTW\x1b[K');
  });

  it('does not erase after a row that fills the width', () => {
    const screen = new Screen();
    screen.render(frame(['a'.repeat(25), ':']));
    expect(screen.render(frame(['b'.repeat(20), ':']))).toBe('\x1b[1H' + 'b'.repeat(20));
  });

  it('shows the cursor only while a frame asks for it', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    expect(screen.render(frame(['a', '/x'], { row: 1, col: 2 }))).toBe('\x1b[2H/x\x1b[?25h');
    expect(screen.render(frame(['a', ':']))).toBe('\x1b[2H:\x1b[K\x1b[?25l');
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

  it('scrolls one line down with a line feed and writes only the new row and the status', () => {
    const screen = new Screen();
    screen.render(frame(page(1, 23)));
    const bytes = screen.render(frame(page(2, 23)));
    expect(bytes).toBe('\x1b[24Hline 24 \x1b[34m[x]\x1b[m\r\n:');
  });

  it('scrolls one line up with a reverse index', () => {
    const screen = new Screen();
    screen.render(frame(page(2, 23)));
    const bytes = screen.render(frame(page(1, 23)));
    // The status row now shows the old last row: written over, and the rest erased.
    expect(bytes).toBe('\x1b[1H\x1bMline 1\x1b[24H:\x1b[K');
  });

  it('leaves the terminal showing exactly each frame, whatever the moves', async () => {
    const height = 8;
    const term = new Terminal(height + 1);
    const screen = new Screen();
    await term.write(enterScreen);
    const random = seeded(7);
    let top = 1;
    for (let step = 0; step < 300; step++) {
      const move = [1, -1, 2, -3, 5, height, -height, 0][random(8)];
      top = Math.max(1, top + move);
      const rows = page(top, height, random(4) === 0 ? 'a message, long one' : ':');
      // Now and then a row changes in place too (a selection moving).
      if (random(3) === 0) rows[random(height)] += ' *';
      const f = frame(rows, random(5) === 0 ? { row: height, col: 1 } : null);
      await term.write(screen.render(f));
      expect(term.text()).toEqual(plain(rows));
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
