// Long lines: rows that break at word boundaries (prose and CJK), -S that
// chops them with h/l/Left/Right to scroll sideways, -N line numbers, and `-`
// typed while paging to turn -N, -S, -i and -I on and off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session } from './session.ts';

let dir = '';
const file = (name: string) => path.join(dir, name);

const YELLOW = 3;
const BLUE = 4;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-wrap-'));
  fs.writeFileSync(
    file('prose.lwl'),
    'Rows break at word boundaries, so that a build tool is never cut in the middle of a word: ' +
      'see [the wrapping guide](https://example.org/wrap) for how lwl does it, and read on to the end of this paragraph.\n\n' +
      'Supercalifragilisticexpialidociousnessandmoreletters breaks by cells.\n',
  );
  fs.writeFileSync(
    file('cjk.txt'),
    '日本語の文章は単語の間に空白がありません。文字と文字の間で折り返します。\n한국어 문장은 띄어쓰기가 있습니다 그래서 단어 사이에서 줄이 바뀝니다.\n',
  );
  fs.writeFileSync(
    file('long.lwl'),
    'short line\n' +
      `${'x'.repeat(70)} [cut link](https://example.org/cut) and after it a long tail of words ${'y'.repeat(40)} [far link](https://example.org/far) end\n` +
      'second line is also quite long and goes on past the edge of an eighty column screen, yes it does\n' +
      'third\n',
  );
  fs.writeFileSync(file('case.txt'), 'Apple apple APPLE\n');
});

/** The columns of `row` drawn in the link colour. */
function linkColumns(s: Session, row: number): number[] {
  const cols: number[] = [];
  for (let c = 0; c < s.term.cols; c++) if (s.cell(row, c).getFgColor() === BLUE && s.cell(row, c).isFgPalette()) cols.push(c);
  return cols;
}

describe('word wrap', () => {
  it('breaks prose at spaces, a word longer than the row by cells, and keeps a link cut across rows one link', async () => {
    const s = Session.lwl([file('prose.lwl')], { cols: 40, rows: 12 });
    await s.waitForText('Rows break');
    expect(s.rows().slice(0, 8)).toEqual([
      'Rows break at word boundaries, so that a',
      'build tool is never cut in the middle of',
      'a word: see [the wrapping guide] for how',
      // A space where a row breaks ends that row, not written: its cell is blank already.
      'lwl does it, and read on to the end of',
      'this paragraph.',
      '',
      'Supercalifragilisticexpialidociousnessan',
      'dmoreletters breaks by cells.',
    ]);
    // Searching across a row's end finds the text as written: the break only moved the row's end.
    await s.keys('/', ...'of this', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of 1'), 'the match across rows');
    const of = s.rows()[3].lastIndexOf('of');
    expect(of).toBe(36);
    expect(s.cell(3, of).isInverse()).toBeTruthy();
    expect(s.cell(3, of + 2).isInverse()).toBeTruthy();
    expect(s.cell(4, 0).isInverse()).toBeTruthy();
    expect(s.cell(4, 3).isInverse()).toBeTruthy();
    expect(s.cell(4, 4).isInverse()).toBeFalsy();
    // ESC-u ends the search: n walks links.
    await s.keys('\x1bu');
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/wrap');
    const row = 2;
    const from = s.column(row, '[the wrapping guide]');
    for (let c = from; c < from + '[the wrapping guide]'.length; c++) expect(s.cell(row, c).isInverse()).toBeTruthy();
  });

  it('cuts a link across rows and selects both parts as one', async () => {
    const s = Session.lwl([file('prose.lwl')], { cols: 37, rows: 12 });
    await s.waitForText('Rows break');
    const rowOf = (text: string) => s.rows().findIndex((r) => r.includes(text));
    const first = rowOf('[the');
    expect(s.rows()[first]).toBe('middle of a word: see [the wrapping');
    expect(s.rows()[first + 1].startsWith('guide] for')).toBeTruthy();
    expect(linkColumns(s, first + 1)).toEqual([0, 1, 2, 3, 4, 5]);
    await s.keys('\t');
    expect(s.cell(first, s.column(first, '[the')).isInverse()).toBeTruthy();
    expect(s.cell(first + 1, 0).isInverse()).toBeTruthy();
    expect(s.cell(first + 1, 5).isInverse()).toBeTruthy();
    expect(s.cell(first + 1, 6).isInverse()).toBeFalsy();
  });

  it('breaks Japanese between characters, never before 。, and Korean at its spaces', async () => {
    const s = Session.lwl([file('cjk.txt')], { cols: 20, rows: 12 });
    await s.waitForText('日本語');
    expect(s.rows().slice(0, 8)).toEqual([
      '日本語の文章は単語の',
      // ん and 。 go down together: a row does not start with 。.
      '間に空白がありませ',
      'ん。文字と文字の間で',
      '折り返します。',
      '한국어 문장은',
      '띄어쓰기가 있습니다',
      '그래서 단어 사이에서',
      '줄이 바뀝니다.',
    ]);
  });
});

describe('-S: chopped long lines', () => {
  it('marks a line that goes on, scrolls sideways with l, h, Right and Left, and shows a link cut at the edge', async () => {
    const s = Session.lwl(['-S', file('long.lwl')], { cols: 80, rows: 8 });
    await s.waitForText('short line');
    const rows = s.rows();
    expect(rows.slice(0, 4)).toEqual([
      'short line',
      `${'x'.repeat(70)} [cut lin>`,
      'second line is also quite long and goes on past the edge of an eighty column sc>',
      'third',
    ]);
    // The mark is in its own style; the link cut at the edge is drawn as far as it shows.
    expect(s.cell(1, 79).getFgColor()).toBe(YELLOW);
    expect(s.cell(1, 79).isBold()).toBeTruthy();
    expect(linkColumns(s, 1)).toEqual([71, 72, 73, 74, 75, 76, 77, 78]);
    // Tab selects the link cut at the edge.
    await s.keys('\t');
    expect(s.status()).toBe(': https://example.org/cut');
    expect(s.cell(1, 71).isInverse()).toBeTruthy();
    expect(s.cell(1, 78).isInverse()).toBeTruthy();
    // l: half a screen right.
    await s.keys('l');
    expect(s.rows().slice(0, 3)).toEqual(['', `${'x'.repeat(30)} [cut link] and after it a long tail of words yyy>`, 'on past the edge of an eighty column screen, yes it does']);
    expect(s.cell(1, s.column(1, '[cut link]')).isInverse()).toBeTruthy();
    // h: back; at the left edge it stays (h is the help only when lines wrap).
    await s.keys('h');
    expect(s.rows()[0]).toBe('short line');
    await s.keys('\x1b[C');
    expect(s.rows()[2]).toBe('on past the edge of an eighty column screen, yes it does');
    await s.keys('\x1b[D');
    expect(s.rows()[0]).toBe('short line');
    // A count sets the columns.
    await s.keys('7', 'l');
    expect(s.rows()[0]).toBe('ine');
    await s.keys('\x1b[D');
    expect(s.rows()[0]).toBe('short line');
  });

  it('scrolls sideways to show the link n selects, and to the match a search finds', async () => {
    const s = Session.lwl(['-S', file('long.lwl')], { cols: 80, rows: 8 });
    await s.waitForText('short line');
    await s.keys('n', 'n');
    expect(s.status()).toBe(': https://example.org/far');
    const row = s.rows()[1];
    expect(row.endsWith('[far link] end')).toBeTruthy();
    expect(s.cell(1, row.indexOf('[far link]')).isInverse()).toBeTruthy();
    await s.keys('\x1b[D', '\x1b[D', '\x1b[D', '\x1b[D');
    expect(s.rows()[0]).toBe('short line');
    // The far link no longer shows: the selection moved to the link that does.
    expect(s.status()).toBe(': https://example.org/cut');
    await s.keys('/', ...'yes it', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of 1'), 'the match');
    expect(s.rows()[2]).toContain('yes it does');
    expect(s.cell(2, s.column(2, 'yes it')).isInverse()).toBeTruthy();
  });
});

describe('-N: line numbers', () => {
  it('numbers the lines of the text, not the rows, in their own colour', async () => {
    const s = Session.lwl(['-N', file('long.lwl')], { cols: 80, rows: 10 });
    await s.waitForText('short line');
    expect(s.rows().slice(0, 8)).toEqual([
      '      1 short line',
      `      2 ${'x'.repeat(70)}`,
      '        [cut link] and after it a long tail of words',
      `        ${'y'.repeat(40)} [far link] end`,
      '      3 second line is also quite long and goes on past the edge of an eighty',
      '        column screen, yes it does',
      '      4 third',
      '~',
    ]);
    expect(s.cell(0, 6).getFgColor()).toBe(YELLOW);
    expect(s.cell(0, 8).getFgColor()).not.toBe(YELLOW);
    // The numbers stay with their lines as the screen scrolls.
    s.resize(80, 5);
    await s.waitFor((x) => x.rows().length === 5 && x.rows()[3].startsWith('        yyy'), 'four rows');
    await s.keys('3', 'j');
    expect(s.rows()[0]).toBe(`        ${'y'.repeat(40)} [far link] end`);
    expect(s.rows()[1].startsWith('      3 second')).toBeTruthy();
  });
});

describe('- typed while paging', () => {
  it('turns -N, -S and -i on and off, saying what it did', async () => {
    const s = Session.lwl([file('long.lwl')], { cols: 80, rows: 10 });
    await s.waitForText('short line');
    await s.keys('-');
    expect(s.status()).toBe('Set option: -');
    await s.keys('N');
    expect(s.status()).toBe('Line numbers on (-N)');
    expect(s.rows()[0]).toBe('      1 short line');
    await s.keys('-', 'S');
    expect(s.status()).toBe('Long lines chopped (-S): h and l scroll sideways');
    expect(s.rows()[1]).toBe(`      2 ${'x'.repeat(70)} >`);
    await s.keys('-', 'N');
    expect(s.status()).toBe('Line numbers off');
    expect(s.rows()[1]).toBe(`${'x'.repeat(70)} [cut lin>`);
    await s.keys('-', 'S');
    expect(s.status()).toBe('Long lines wrap');
    expect(s.rows()[1]).toBe(`${'x'.repeat(70)} [cut `);
    // l says how to scroll sideways while lines wrap; h is the help.
    await s.keys('l');
    expect(s.status()).toBe('Long lines wrap: -S chops them, and then h and l scroll sideways');
    await s.keys('-', 'x');
    expect(s.status()).toBe('-N line numbers, -S chop long lines, -i / -I case in searches');
    await s.keys('h');
    await s.waitForText('this help');
  });

  it('-i makes searches match case, -I ignore it always', async () => {
    const s = Session.lwl([file('case.txt')], { cols: 80, rows: 6 });
    await s.waitForText('Apple');
    await s.keys('/', ...'apple', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 3', 'three matches, case ignored');
    await s.keys('-', 'i');
    expect(s.status()).toBe('Searches match case');
    await s.keys('/', ...'apple', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'one match, case matched');
    expect(s.cell(0, 6).isInverse()).toBeTruthy();
    await s.keys('-', 'I');
    expect(s.status()).toBe('Searches ignore case (-I)');
    await s.keys('/', ...'Apple', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 3', 'three matches, case ignored always');
    await s.keys('-', 'i');
    expect(s.status()).toBe('Searches ignore case unless the pattern has a capital (-i)');
  });
});

describe('options', () => {
  it('-I on the command line ignores case even in a pattern with a capital', async () => {
    const s = Session.lwl(['-I', file('case.txt')], { cols: 80, rows: 6 });
    await s.waitForText('Apple');
    await s.keys('/', ...'APPLE', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 3', 'three matches');
  });

  it('-iNS combines line numbers and chopped lines; LESS=-S chops too', async () => {
    const s = Session.lwl(['-iNS', file('long.lwl')], { cols: 80, rows: 8 });
    await s.waitForText('short line');
    expect(s.rows().slice(0, 4)).toEqual([
      '      1 short line',
      `      2 ${'x'.repeat(70)} >`,
      '      3 second line is also quite long and goes on past the edge of an eighty c>',
      '      4 third',
    ]);
    await s.keys('l');
    // Half of the 72 columns of text.
    expect(s.rows()[2]).toBe('      3 oes on past the edge of an eighty column screen, yes it does');
    const env = Session.lwl([file('long.lwl')], { cols: 80, rows: 8, env: { LESS: '-S' } });
    await env.waitForText('short line');
    expect(env.rows()[1]).toBe(`${'x'.repeat(70)} [cut lin>`);
  });
});
