// samples/wide.txt wrapped by display cells at 80 and 17 columns.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { stringWidth } from '../src/text/width.ts';

const doc = parseAll(new Document('wide'), fs.readFileSync(new URL('../samples/wide.txt', import.meta.url)));
const rowsAt = (width: number) =>
  new Wrap(doc, width).visibleRows(0, 100).map((r) => doc.text.text(r.start, r.end).replace(/\n$/, ''));

describe('samples/wide.txt', () => {
  it('wraps at 80 columns only where a line is wider than 80 cells', () => {
    const rows = rowsAt(80);
    expect(rows).toHaveLength(10);
    expect(rows[2]).toBe('Korean: 다람쥐 헌 쳇바퀴에 타고파. 한글은 한 글자가 두 칸을 차지합니다.');
    // The full stop, 2 cells wide, does not fit in the last cell, and a row does not start with it: it takes な along.
    expect(rows[3]).toBe('Japanese: いろはにほへと ちりぬるを わかよたれそ つねならむ。カタカナとひらが');
    expect(stringWidth(rows[3])).toBe(77);
    expect(rows[4]).toBe('な。');
    expect(rows[8]).toBe('Combining accents: cafe\u0301 is café, nai\u0308ve is naïve, e\u0301\u0301 stacks.');
  });

  it('wraps at 17 columns at word boundaries, between wide characters, never inside one or a cluster', () => {
    // A space where a row breaks stays at its end (past the edge if need be, not drawn there).
    expect(rowsAt(17)).toEqual([
      'Characters of ',
      'every width, to ',
      'check wrapping by ',
      'display cells.',
      '',
      'Korean: 다람쥐 헌 ',
      '쳇바퀴에 타고파. ',
      '한글은 한 글자가 ',
      // Korean breaks at its spaces, as words do.
      '두 칸을 ',
      '차지합니다.',
      'Japanese: いろは',
      'にほへと ちりぬる',
      'を わかよたれそ ',
      'つねならむ。カタ',
      'カナとひらがな。',
      'Chinese: 我能吞下',
      '玻璃而不伤身体。',
      'Fullwidth: ＡＢＣ',
      '１２３ and ',
      'halfwidth: ｱｲｳｴｵ',
      'Emoji: 🙂 🎉 👍🏽 ',
      '👨‍👩‍👧 and a flag 🇰🇷 ',
      'in a row.',
      'Combining ',
      'accents: cafe\u0301 is ',
      'café, nai\u0308ve is ',
      'naïve, e\u0301\u0301 stacks.',
      'Mixed: a한b日c🙂',
      'd한e日f🙂g한h日i',
      '🙂j한k日l🙂m한n日',
      'o🙂p',
    ]);
    for (const row of rowsAt(17)) expect(stringWidth(row.trimEnd())).toBeLessThanOrEqual(17);
  });
});
