import { describe, expect, it } from 'vitest';
import { Screen, type Frame } from '../term/screen.ts';

const frame = (rows: string[], cursor: Frame['cursor'] = null): Frame => ({
  rows,
  widths: rows.map((r) => r.length),
  cols: 10,
  cursor,
});

describe('screen diff', () => {
  it('draws the first frame whole, then only the rows that changed', () => {
    const screen = new Screen();
    const first = screen.render(frame(['one', 'two', ':']));
    expect(first).toContain('\x1b[2J');
    expect(first).toContain('one');
    const second = screen.render(frame(['one', 'TWO', ':']));
    expect(second).toBe('\x1b[2;1HTWO\x1b[0m\x1b[K');
    expect(screen.render(frame(['one', 'TWO', ':']))).toBe('');
  });

  it('does not erase after a row that fills the width', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    expect(screen.render(frame(['0123456789', ':']))).toBe('\x1b[1;1H0123456789\x1b[0m');
  });

  it('shows the cursor only while a frame asks for it', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    expect(screen.render(frame(['a', '/x'], { row: 1, col: 2 }))).toBe('\x1b[2;1H/x\x1b[0m\x1b[K\x1b[2;3H\x1b[?25h');
    expect(screen.render(frame(['a', ':']))).toBe('\x1b[2;1H:\x1b[0m\x1b[K\x1b[?25l');
  });

  it('redraws whole after invalidate', () => {
    const screen = new Screen();
    screen.render(frame(['a', ':']));
    screen.invalidate();
    expect(screen.render(frame(['a', ':']))).toContain('\x1b[2J');
  });
});
