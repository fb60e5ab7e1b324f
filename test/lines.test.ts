// The line index: line numbers of offsets and offsets of lines, against a
// plain count, on texts of many shapes and with the counting stopped anywhere.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LineIndex, sameFromEnd } from '../src/document/lines.ts';
import { prng } from './random.ts';

function naiveLineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

describe('line index', () => {
  const random = prng(7);
  const block = LineIndex.BLOCK;
  const shapes: Array<[string, string]> = [
    ['empty', ''],
    ['no newline', 'x'.repeat(3 * block + 5)],
    ['short lines', Array.from({ length: 40000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'],
    ['lines across blocks', Array.from({ length: 300 }, () => 'y'.repeat(Math.floor(random() * 3000))).join('\n')],
    ['newline at a block edge', 'a'.repeat(block - 1) + '\n' + 'b'.repeat(block - 1) + '\n' + 'c'],
  ];

  it.each(shapes)('%s: lineOf and lineStart agree with a plain count', (_name, text) => {
    const doc = parseAll(new Document('t'), text);
    const index = new LineIndex(doc);
    const offsets = [0, text.length, block - 1, block, block + 1, ...Array.from({ length: 30 }, () => Math.floor(random() * (text.length + 1)))].filter((o) => o <= text.length);
    expect(index.lineOf(2 * block)).toBeNull();
    index.countTo(Math.floor(text.length / 2));
    for (const offset of offsets) {
      const line = index.lineOf(offset);
      if (offset < index.reached + block) expect(line).toBe(naiveLineOf(text, offset));
      else expect(line).toBeNull();
    }
    index.countTo(Infinity);
    for (const offset of offsets) expect(index.lineOf(offset)).toBe(naiveLineOf(text, offset));
    const lines = text.split('\n');
    const total = text.endsWith('\n') ? lines.length - 1 : lines.length;
    expect(index.total).toBe(text === '' ? 1 : total);
    for (const n of [1, 2, 3, Math.floor(total / 2), total, total + 1].filter((k) => k >= 1)) {
      // An index that has counted nothing finds the line by scanning from the top.
      const expected = new LineIndex(doc).lineStart(n);
      expect(index.lineStart(n)).toBe(expected);
      if (expected !== null) expect(naiveLineOf(text, expected)).toBe(n);
    }
  });

  it('counts in slices that stop at a deadline, and says when it is done', () => {
    const text = 'z\n'.repeat(5 * block);
    const doc = parseAll(new Document('t'), text);
    const index = new LineIndex(doc);
    index.countTo(Infinity, Date.now() - 1);
    expect(index.reached).toBe(0);
    expect(index.total).toBeNull();
    index.countTo(Infinity);
    expect(index.done).toBe(true);
    expect(index.total).toBe(5 * block);
  });
});

describe('the same place counted from the end', () => {
  it('maps a place in the last lines, read on their own, to the whole text: same line from the end, same column', () => {
    const whole = parseAll(new Document('t'), 'first\nsecond [link](x) here\nthird\n\nfifth line\nlast\n').text;
    const end = parseAll(new Document('t'), 'third\n\nfifth line\nlast\n').text;
    const at = (t: typeof whole, s: string) => t.text(0, t.length).indexOf(s);
    expect(sameFromEnd(end, at(end, 'line'), whole)).toBe(at(whole, 'line'));
    expect(sameFromEnd(end, 0, whole)).toBe(at(whole, 'third'));
    expect(sameFromEnd(end, at(end, 'last'), whole)).toBe(at(whole, 'last'));
    // The empty line: its own start.
    expect(sameFromEnd(end, at(end, '\nfifth'), whole)).toBe(at(whole, '\nfifth'));
    // Lines shorter in the whole than in the end (a link ended before the window): the column stops at the line's end.
    const longer = parseAll(new Document('t'), 'x\nabcdefgh\n').text;
    expect(sameFromEnd(longer, 7, parseAll(new Document('t'), 'x\n[ab](y)\n').text)).toBe(6); // 'x\n[ab]\n': the newline
  });
});
