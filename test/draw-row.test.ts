// Drawing one row: printable ASCII with nothing on it is drawn as one run; the
// rest cluster by cluster. Both must show the same cells.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { drawRow, type Marks } from '../src/draw/draw.ts';
import { themeFor } from '../src/draw/theme.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { StyleLooks } from '../src/draw/textstyle.ts';
import { MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { sgr } from '../term/sgr.ts';
import { seeded } from './random.ts';
import { searchNow } from '../src/document/searchrun.ts';

const theme = themeFor(true);
const marks: Marks = { selected: null, matches: null, current: null, isBroken: () => false };
const rowsOf = (doc: Document, width: number) => new Wrap(doc, width).visibleRows(0, 10_000);

describe('drawRow', () => {
  it('draws each wrapped row of ASCII text as its text, cut at the edge where spaces hang past it', () => {
    const pick = seeded(7);
    const pieces = ['word', 'a', 'x'.repeat(25), ' ', '   ', '-', '.', '\n'];
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: pick(60) }, () => pieces[pick(pieces.length)]).join('');
      const doc = parseAll(new Document('t'), text);
      const width = 1 + pick(30);
      for (const row of rowsOf(doc, width)) {
        const expected = doc.text.text(row.start, row.end).replace(/\n$/, '').slice(0, width);
        const drawn = drawRow(doc, row.start, row.end, width, theme, marks);
        expect(drawn.text).toBe(expected);
        expect(drawn.cells).toBe(expected.length);
      }
    }
  });

  it('draws a row with a link, a tab or a token cluster by cluster: the link in its colour, the tab as spaces, the token as such', () => {
    const doc = parseAll(new Document('t'), 'see [here](https://example.com/) now\na\tb\nx\x01y\n');
    const [link, tab, token] = rowsOf(doc, 40);
    expect(drawRow(doc, link.start, link.end, 40, theme, marks).text).toMatch(/^see \x1b\[[0-9;]*m\[here\]\x1b\[[0-9;]*m now$/);
    expect(drawRow(doc, tab.start, tab.end, 40, theme, marks).text).toBe('a       b');
    expect(drawRow(doc, token.start, token.end, 40, theme, marks).text).toMatch(/^x\x1b\[[0-9;]*m<01>\x1b\[[0-9;]*my$/);
  });

  it('draws text in nested markup in all of its looks: ***both*** bold and italic, emphasis in strong text both', () => {
    const doc = new Document('both.md');
    const reader = new MarkdownDocReader(doc);
    reader.write(Buffer.from('a ***both*** b **strong _in_ it**\n'));
    reader.end();
    reader.work(Infinity);
    const styled: Marks = { ...marks, looks: new StyleLooks(theme, true) };
    const [row] = rowsOf(doc, 80);
    const drawn = drawRow(doc, row.start, row.end, 80, theme, styled).text;
    const boldItalic = sgr({ bold: true, italic: true }, theme.text);
    expect(drawn).toContain(`${boldItalic}both`);
    expect(drawn).toMatch(new RegExp(`strong \\x1b\\[[0-9;]*min`));
    expect(drawn.slice(drawn.indexOf('strong '), drawn.indexOf('in'))).toContain('3');
  });
  it('draws printable ASCII with links, matches and styles in runs between their edges, as the cluster walk draws it', () => {
    const pick = seeded(11);
    const pieces = ['word ', 'e', 'ee ', '[a link](x.html)', '[](y)', ' ', '**bold** ', '_it_ ', '[**in**](z)', '\n'];
    for (let round = 0; round < 200; round++) {
      const text = Array.from({ length: 1 + pick(40) }, () => pieces[pick(pieces.length)]).join('');
      const doc = new Document('t.md');
      const reader = new MarkdownDocReader(doc);
      reader.write(Buffer.from(text));
      reader.end();
      reader.work(Infinity);
      const found = searchNow(doc.text, { text: 'e', regex: false, backward: false }, 0);
      const marked: Marks = { ...marks, matches: found.matches.spans, current: found.first, selected: doc.links.count > 0 ? pick(doc.links.count) : null, looks: new StyleLooks(theme, true), hyperlink: (i) => `<${i}>` };
      const width = 4 + pick(60);
      for (const row of rowsOf(doc, width)) {
        // A chopped row that fits is walked cluster by cluster: the reference (a row whose spaces hang past the edge would not fit).
        if (doc.text.text(row.start, row.end).replace(/\n$/, '').length > width) continue;
        const walked = drawRow(doc, row.start, row.end, width + 200, theme, marked, { chop: true, shift: 0, number: '', hang: '' });
        const drawn = drawRow(doc, row.start, row.end, width, theme, marked);
        expect(JSON.stringify([drawn.text, drawn.cells])).toBe(JSON.stringify([walked.text, walked.cells]));
      }
    }
  });
});
