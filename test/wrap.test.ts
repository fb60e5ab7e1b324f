import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { BLOCK, Wrap, wrapSegment } from '../src/view/wrap.ts';
import { clusterWidth, stringWidth } from '../src/text/width.ts';

function rowsOf(text: string, width: number): string[] {
  const doc = parseAll(new Document('t'), text);
  const wrap = new Wrap(doc, width);
  return wrap.visibleRows(0, 1000).map((r) => doc.text.text(r.start, r.end));
}

describe('widths', () => {
  it('counts wide, combining and emoji clusters', () => {
    expect(clusterWidth('a')).toBe(1);
    expect(clusterWidth('한')).toBe(2);
    expect(clusterWidth('ｶ')).toBe(1); // halfwidth katakana
    expect(clusterWidth('Ａ')).toBe(2); // fullwidth
    expect(clusterWidth('e\u0301')).toBe(1);
    expect(clusterWidth('\u0301')).toBe(0);
    expect(clusterWidth('👍🏽')).toBe(2);
    expect(clusterWidth('👨‍👩‍👧')).toBe(2);
    expect(stringWidth('日本語 text')).toBe(11);
    expect(stringWidth('cafe\u0301')).toBe(4);
  });
});

describe('wrapping', () => {
  it('breaks rows by cells and keeps the newline in the last row', () => {
    expect(rowsOf('abcdefghij\nxy\n\nz', 4)).toEqual(['abcd', 'efgh', 'ij\n', 'xy\n', '\n', 'z']);
  });

  it('does not add a row for a line exactly as wide as the screen', () => {
    expect(rowsOf('abcd\nef', 4)).toEqual(['abcd\n', 'ef']);
  });

  it('never splits a wide character across rows', () => {
    expect(rowsOf('a한국어', 4)).toEqual(['a한', '국어']);
    expect(rowsOf('ab한국', 3)).toEqual(['ab', '한', '국']);
  });

  it('keeps combining marks with their base character', () => {
    expect(rowsOf('abce\u0301fg', 4)).toEqual(['abce\u0301', 'fg']);
  });

  it('expands tabs to 8-column stops within the row', () => {
    expect(wrapSegment(Buffer.from('a\tb\tc'), 80)).toEqual([0]);
    expect(rowsOf('abc\tdefgh\tij', 10)).toEqual(['abc\tde', 'fgh\tij']);
  });

  it('cuts a very long line at block boundaries so rows near any offset are cheap', () => {
    const doc = parseAll(new Document('t'), 'x'.repeat(BLOCK * 3 + 10));
    const wrap = new Wrap(doc, 80);
    const offset = BLOCK * 2 + 100;
    const start = wrap.segmentStart(offset);
    expect(start).toBe(BLOCK * 2);
    expect(wrap.segmentEnd(0)).toBe(BLOCK);
    expect(wrap.segmentEnd(BLOCK)).toBe(BLOCK * 2);
    // Walking rows down from the top reaches the same rows as asking near the end.
    let row = 0;
    let count = 0;
    while (row !== null && count < 10000) {
      const next: number | null = wrap.nextRow(row);
      if (next !== null) expect(wrap.prevRow(next)).toBe(row);
      row = next as number;
      count++;
    }
    expect(count).toBe(Math.ceil(BLOCK / 80) * 3 + 1);
  });

  it('steps up and down between rows across lines', () => {
    const doc = parseAll(new Document('t'), 'aaaaaa\nbb\ncccccc');
    const wrap = new Wrap(doc, 4);
    const rows = wrap.visibleRows(0, 10).map((r) => r.start);
    expect(rows).toEqual([0, 4, 7, 10, 14]);
    expect(wrap.down(0, 3)).toBe(10);
    expect(wrap.up(14, 2)).toBe(7);
    expect(wrap.rowStart(12)).toBe(10);
    expect(wrap.bottomTop(3)).toBe(7);
  });
});

describe('tokens made while drawing', () => {
  it('take their own width when wrapping raw bytes (a file changed under lwl)', () => {
    // ESC is 1 byte and 4 cells as <1b>; U+202E 3 bytes and 8 cells as <U+202E>.
    const raw = Buffer.from('ab\x1bcd\u202eef');
    // a b <1b> | c d <U+202E> | e f at 6 cells: rows start at bytes 0, 3 (c), 5 (U+202E), 8 (e).
    expect(wrapSegment(raw, 6)).toEqual([0, 3, 5, 8]);
    expect(wrapSegment(raw, 80)).toEqual([0]);
  });
});
