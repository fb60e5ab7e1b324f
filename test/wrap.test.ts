import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { HtmlDocReader, MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { BLOCK, Wrap, wrapAscii, wrapClusters, wrapSegment } from '../src/rows/wrap.ts';
import { seeded } from './random.ts';
import { clusterWidth, stringWidth } from '../src/text/width.ts';
import type { MemoryText } from '../src/document/store.ts';

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
  it('breaks rows at spaces, leaving the spaces at the end of the row, never losing a byte', () => {
    const text = 'a build tool for the web and more';
    const rows = rowsOf(text, 10);
    expect(rows).toEqual(['a build ', 'tool for ', 'the web ', 'and more']);
    expect(rows.join('')).toBe(text);
    // Spaces that go past the edge hang there: the next word starts the next row.
    expect(rowsOf('word    next', 6)).toEqual(['word    ', 'next']);
  });

  it('breaks a word longer than the row by cells', () => {
    expect(rowsOf('abcdefghijklmnop qr', 5)).toEqual(['abcde', 'fghij', 'klmno', 'p qr']);
    expect(rowsOf('ab abcdefghij', 5)).toEqual(['ab ', 'abcde', 'fghij']);
  });

  it('breaks after a hyphen inside a word, not in a number', () => {
    expect(rowsOf('well-known things', 8)).toEqual(['well-', 'known ', 'things']);
    expect(rowsOf('2026-11-30 date', 8)).toEqual(['2026-11-', '30 date']);
    expect(rowsOf('a -xyz', 4)).toEqual(['a ', '-xyz']);
  });

  it('keeps a hyphenated word whole when the next row holds it: a hyphen is broken after only when the word is wider than the row', () => {
    expect(rowsOf('see node-addon-api now', 16)).toEqual(['see ', 'node-addon-api ', 'now']);
    expect(rowsOf('see node-addon-api now', 10)).toEqual(['see ', 'node-', 'addon-api ', 'now']);
    expect(rowsOf('node-addon-api', 8)).toEqual(['node-', 'addon-', 'api']);
    // The same in the walk of clusters (a non-ASCII row).
    expect(rowsOf('é node-addon-api now', 15)).toEqual(['é ', 'node-addon-api ', 'now']);
  });

  it('breaks between wide characters, but not before closing punctuation or after an opening bracket', () => {
    expect(rowsOf('日本語のテキスト', 7)).toEqual(['日本語', 'のテキ', 'スト']);
    expect(rowsOf('abc 日本語です', 8)).toEqual(['abc 日本', '語です']);
    // 。 does not start a row: the character before it comes along.
    expect(rowsOf('あいう。えお', 6)).toEqual(['あい', 'う。え', 'お']);
    // 「 does not end one.
    expect(rowsOf('あいう「え', 8)).toEqual(['あいう', '「え']);
  });

  it('keeps leading spaces, and breaks after them when the word does not fit', () => {
    expect(rowsOf('    indented text', 8)).toEqual(['    ', 'indented ', 'text']);
  });

  it('chopped, makes one row of each line', () => {
    const doc = parseAll(new Document('t'), 'a long line that goes on\nshort\n');
    const wrap = new Wrap(doc, 5, true);
    expect(wrap.visibleRows(0, 10).map((r) => doc.text.text(r.start, r.end))).toEqual(['a long line that goes on\n', 'short\n']);
    expect(wrap.rowStart(10)).toBe(0);
    expect(wrap.down(0, 1)).toBe(25);
  });

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
    // A tab is a space where a row may break.
    expect(rowsOf('abc\tdefgh\tij', 10)).toEqual(['abc\t', 'defgh\tij']);
    expect(rowsOf('abcdefghi\tjk', 10)).toEqual(['abcdefghi\t', 'jk']);
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

describe('wrapAscii', () => {
  it('breaks printable ASCII where the walk of clusters does', () => {
    const pick = seeded(11);
    // Words, spaces in runs, hyphens inside and around words, punctuation, long words.
    const pieces = ['a', 'word', 'x'.repeat(30), ' ', '  ', '-', 'well-known', '--', '9', 'Z.', ',', ' - ', '(', ')'];
    for (let round = 0; round < 3000; round++) {
      const line = Buffer.from(Array.from({ length: pick(30) }, () => pieces[pick(pieces.length)]).join('') + (pick(2) ? '\n' : ''));
      const width = 1 + pick(40);
      const hang = pick(3) === 0 ? pick(4) : 0;
      expect(wrapAscii(line, width, hang), `${JSON.stringify(line.toString())} at ${width}, ${hang}`).toEqual(wrapClusters(line, width, hang));
    }
  });

  it('is what wrapSegment uses for printable ASCII, and not for a tab', () => {
    const line = Buffer.from('one two-three four five six seven');
    expect(wrapSegment(line, 9)).toEqual(wrapAscii(line, 9));
    expect(wrapSegment(Buffer.from('a\tb c d e'), 4)).toEqual(wrapClusters(Buffer.from('a\tb c d e'), 4));
  });
});

describe('a wrapped quote line', () => {
  it('wraps its later rows narrower by the hanging indent the reader recorded, drawn in front of them', () => {
    // Byte offsets: the bar is 3 bytes. "bbb ccc" fits in 8 cells, not in the 6 left beside a bar.
    expect(wrapSegment(Buffer.from('│ aaaa bbb ccc'), 8)).toEqual([0, 9]);
    expect(wrapSegment(Buffer.from('│ aaaa bbb ccc'), 8, false, 2)).toEqual([0, 9, 13]);
    const quoted = new Document('q.md');
    (quoted.text as MemoryText).append(Buffer.from('│ │ one two three four\n│ plain\n'));
    quoted.hangingIndents.add(0, 8, 4);
    const wrap = new Wrap(quoted, 12);
    expect(wrap.hangAt(0)).toBe('│ │ ');
    const rows = wrap.rows(0);
    expect(rows.length).toBeGreaterThan(2);
    expect(wrap.hangOfRow(rows[1])).toBe('│ │ ');
    expect(wrap.hangOfRow(0)).toBe('');
    // No more than half the row hangs.
    expect(new Wrap(quoted, 7).hangAt(0)).toBe('');
    // Bars in the text but no hanging indent recorded (a tree drawn in a plain file): no hang.
    const plain = new Document('tree.txt');
    (plain.text as MemoryText).append(Buffer.from('│ one two three four five\n'));
    expect(new Wrap(plain, 12).hangAt(0)).toBe('');
  });

  it('hangs as the Markdown and HTML readers record it: the quote bars a line starts with', () => {
    const hangs = (doc: Document) => Array.from({ length: doc.hangingIndents.count }, (_, i) => [doc.text.text(doc.hangingIndents.start(i), doc.hangingIndents.end(i)), doc.hangingIndents.tag(i)]);
    const markdown = new Document('q.md');
    const md = new MarkdownDocReader(markdown);
    md.write(Buffer.from('> one\n>\n> > two\n\n- > in a list\n'));
    md.end();
    md.work(Infinity);
    expect(markdown.text.text(0, markdown.text.length)).toBe('│ one\n│\n│ │ two\n\n• │ in a list\n');
    // Not the blank line's bar (nothing wraps there); a quote behind a list marker with the marker.
    expect(hangs(markdown)).toEqual([['│ ', 2], ['│ │ ', 4], ['• │ ', 4]]);
    const html = new Document('q.html');
    const reader = new HtmlDocReader(html);
    reader.write(Buffer.from('<blockquote><p>one</p><blockquote>two</blockquote></blockquote>'));
    reader.end();
    reader.work(Infinity);
    expect(hangs(html)).toEqual([['│ ', 2], ['│ │ ', 4]]);
  });
});

/** A document read by the Markdown or HTML reader, whole. */
function rendered(name: string, source: string): Document {
  const doc = new Document(name);
  const reader = name.endsWith('.md') ? new MarkdownDocReader(doc) : new HtmlDocReader(doc);
  reader.write(Buffer.from(source));
  reader.end();
  reader.work(Infinity);
  return doc;
}

/** The rows a document shows at `width`, each with the hang drawn in front of it. */
function screenRows(doc: Document, width: number): string[] {
  const wrap = new Wrap(doc, width);
  const shown: string[] = [];
  for (let start = 0; start < doc.text.length; start = wrap.segmentEnd(start)) {
    const rows = wrap.rows(start);
    rows.forEach((row, i) => {
      const end = i + 1 < rows.length ? rows[i + 1] : wrap.segmentEnd(start);
      shown.push(wrap.hangOfRow(row) + doc.text.text(row, end).replace(/\n$/, '').trimEnd());
    });
  }
  return shown;
}

describe('a wrapped list item or definition', () => {
  it('starts its later rows at the item\'s text, in Markdown: bullets, numbers, nested items, a quote in an item, a list in a quote', () => {
    const doc = rendered('l.md', '- one two three four five six\n  - nested one two three four\n\n1. first item of words\n\n> - quoted item of words\n\n- > quote in an item of words\n');
    expect(screenRows(doc, 16)).toEqual([
      '• one two three',
      '  four five six',
      '  ◦ nested one',
      '    two three',
      '    four',
      '',
      '1. first item of',
      '   words',
      '',
      '│ • quoted item',
      '│   of words',
      '',
      '• │ quote in an',
      '  │ item of',
      '  │ words',
    ]);
  });

  it('in HTML: <li>, <li><p>, <ol><li>, <dd>, a <dd> in a <dd>', () => {
    const doc = rendered('l.html', '<ul><li>one two three four five</li><li><p>para one two three</p></li></ul><ol><li>first of some words</li></ol><dl><dt>term</dt><dd>defined in words that wrap<dl><dt>inner</dt><dd>deeper words wrap too</dd></dl></dd></dl>');
    expect(screenRows(doc, 20)).toEqual([
      '• one two three four',
      '  five',
      '',
      '• para one two three',
      '',
      '1. first of some',
      '   words',
      '',
      'term',
      '    defined in words',
      '    that wrap',
      '',
      '    inner',
      '        deeper words',
      '        wrap too',
    ]);
  });

  it('a task item hangs under its box, as its nested items and later paragraphs indent: 2 columns', () => {
    const doc = rendered('t.md', '- [ ] a task of some words\n  - [x] nested task\n');
    expect(doc.text.text(0, doc.text.length)).toBe('• [ ] a task of some words\n  ◦ [x] nested task\n');
    expect(screenRows(doc, 16)).toEqual(['• [ ] a task of', '  some words', '  ◦ [x] nested', '    task']);
  });

  it('a footnote\'s later rows start under its text', () => {
    const doc = rendered('f.md', 'Text[^1].\n\n[^1]: The note that is long.\n');
    expect(screenRows(doc, 16).slice(-3)).toEqual(['[1] The note', '    that is', '    long. ↩']);
  });

  it('hangs no more than half the row', () => {
    const doc = rendered('d.html', '<dl><dd><dl><dd>deep words wrap here</dd></dl></dd></dl>');
    expect(screenRows(doc, 14)).toEqual(['        deep', 'words wrap', 'here']);
  });
});
