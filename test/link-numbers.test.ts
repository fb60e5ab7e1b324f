// Link numbers (#) and link targeting: the labels' place in the layout (the
// wrap, the drawn row, a click's hit), a count then Enter, a search's match
// selecting its link, and the pages of links L and V make.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LineIndex } from '../src/document/lines.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import type { Context } from '../src/state/state.ts';
import { LinkLabels } from '../src/rows/link-labels.ts';
import { Wrap, wrapAscii, wrapClusters } from '../src/rows/wrap.ts';
import { shownClusters } from '../src/rows/cells.ts';
import { linkAtCell } from '../src/rows/hit.ts';
import { columnsOf } from '../src/rows/chop.ts';
import { drawRow } from '../src/draw/draw.ts';
import { themeFor } from '../src/draw/theme.ts';
import { sgr } from '../term/sgr.ts';
import { pressKeys, searchesAtOnce } from './press-keys.ts';
import { Loader } from '../src/input/load.ts';
import { filePage, pageText } from '../src/navigator/page.ts';
import { linkListPage, placeInListed } from '../src/navigator/link-list.ts';
import { historyPage } from '../src/navigator/history-list.ts';
import { parseUrl } from '../src/link/url/index.ts';

const text = 'See [one](a.md) and [two](b.md), then [three](https://example.com/c) at last.\n';

function context(source: string, numbers: boolean, width = 80, chop = false): Context {
  const doc = parseAll(new Document('t'), source);
  const rows = new Wrap(doc, width, chop, numbers ? new LinkLabels(doc.links) : null);
  return { doc, rows, height: 10, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
}

const rowTexts = (ctx: Context) => ctx.rows.visibleRows(0, 100).map((row) => ctx.doc.text.text(row.start, row.end));

describe('link labels', () => {
  it('number the links from 1 in document order; links that start together share one place', () => {
    const doc = parseAll(new Document('t'), text);
    const labels = new LinkLabels(doc.links).within(0, doc.text.length);
    expect(labels.map((l) => [doc.text.text(l.offset, l.offset + 1), l.text])).toEqual([['[', '[1]'], ['[', '[2]'], ['[', '[3]']]);
    const nested = parseAll(new Document('t'), 'outer inner\n');
    nested.addLink(0, 11, nested.hrefs.addBytes(Buffer.from('x'), 0, 1));
    nested.addLink(0, 5, nested.hrefs.addBytes(Buffer.from('y'), 0, 1));
    expect(new LinkLabels(nested.links).within(0, 20)).toEqual([{ offset: 0, text: '[1][2]' }]);
  });

  it('take cells in the wrap, glued to the link: a word that no longer fits goes down with its number', () => {
    const line = Buffer.from('aaaa bbbb cccc');
    expect(wrapAscii(line, 10)).toEqual([0, 10]);
    // A three-cell label before "bbbb" (offset 5): "aaaa [1]bbbb" is 12 cells.
    expect(wrapAscii(line, 10, 0, [{ offset: 5, text: '[1]' }])).toEqual([0, 5, 10]);
    expect(wrapClusters(line, 10, 0, [{ offset: 5, text: '[1]' }])).toEqual([0, 5, 10]);
    // The cluster walk (a wide character in the line) gives the same.
    expect(wrapClusters(Buffer.from('ab 한글 cd'), 8, 0, [{ offset: 3, text: '[12]' }])).toEqual([0, 3, 10]);
    expect(wrapClusters(Buffer.from('ab 한글 cd'), 8)).toEqual([0, 10]);
  });

  it('leave the text as it is: search, copy and --links see no number', () => {
    const ctx = context(text, true, 20);
    expect(rowTexts(ctx).join('')).toBe(ctx.doc.text.text(0, ctx.doc.text.length));
    expect(rowTexts(ctx)).toEqual(['See [one] and ', '[two], then ', '[three] at last.\n']);
    expect(rowTexts(context(text, false, 20))).toEqual(['See [one] and [two], ', 'then [three] at ', 'last.\n']);
  });

  it('are laid out in front of their link, drawn in the link colour, and a click on one finds the link', () => {
    const ctx = context(text, true, 80);
    const labels = ctx.rows.labels!.within(0, ctx.doc.text.length);
    const { shown } = shownClusters(ctx.doc.text.bytes(0, ctx.doc.text.length), 0, 80, { chop: false, shift: 0, number: '', labels });
    const drawnText = shown.map((s) => s.shown).join('');
    expect(drawnText).toBe('See [1][one] and [2][two], then [3][three] at last.');
    expect(shown.filter((s) => s.label).map((s) => [s.shown, s.offset])).toEqual(labels.map((l) => [l.text, l.offset]));
    // Columns 4-6 are [1], 7-11 [one]; the second link's label is at 17.
    expect(linkAtCell(ctx, 0, 0, 4)).toBe(0);
    expect(linkAtCell(ctx, 0, 0, 9)).toBe(0);
    expect(linkAtCell(ctx, 0, 0, 17)).toBe(1);
    expect(linkAtCell(ctx, 0, 0, 15)).toBeNull();
    const theme = themeFor(true);
    const marks = { selected: 1, matches: null, current: null, isBroken: () => false };
    const drawn = drawRow(ctx.doc, 0, ctx.doc.text.length, 80, theme, marks, { chop: false, shift: 0, number: '', labels });
    // The selected link's label is in the link colour, not the selection's.
    const plain = drawn.text.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toBe(drawnText);
    expect(drawn.cells).toBe(drawnText.length);
    expect(drawn.text).toContain(`${sgr(theme.link, theme.text)}[2]${sgr(theme.linkSelected, theme.link)}[two]`);
  });

  it('count in the columns of a chopped line (-S), as it is drawn', () => {
    const ctx = context(text, true, 80, true);
    const second = ctx.doc.links.start(1);
    expect(columnsOf(ctx, second, ctx.doc.links.end(1))).toEqual([17, 25]);
    expect(columnsOf(context(text, false, 80, true), second, ctx.doc.links.end(1))).toEqual([14, 19]);
  });

  it('are laid out again when links arrive after the rows were made', () => {
    const doc = new Document('t');
    parseAll(doc, 'aaaa bbbb cccc\n');
    const wrap = new Wrap(doc, 10, false, new LinkLabels(doc.links));
    expect(wrap.visibleRows(0, 5).map((r) => r.start)).toEqual([0, 10]);
    doc.addLink(5, 9, doc.hrefs.addBytes(Buffer.from('x'), 0, 1));
    expect(wrap.visibleRows(0, 5).map((r) => r.start)).toEqual([0, 5, 10]);
  });
});

describe('a count then Enter (#)', () => {
  it('follows that link while the numbers show', () => {
    const ctx = context(text, true);
    const { state, effects } = pressKeys(ctx, ['3', '<Enter>']);
    expect(state.selected).toBe(2);
    expect(effects).toEqual([{ kind: 'fetch', url: 'https://example.com/c' }]);
    expect(pressKeys(ctx, ['2', '<Enter>']).effects).toEqual([{ kind: 'open', url: expect.stringMatching(/^file:.*\/b\.md$/) }]);
  });

  it('says there is no such link, and waits for a page still arriving', () => {
    const ctx = context(text, true);
    expect(pressKeys(ctx, ['9', '<Enter>']).state.message).toBe('No link [9]: this page has 3 links');
    ctx.doc.complete = false;
    expect(pressKeys(ctx, ['9', '<Enter>']).effects).toEqual([{ kind: 'awaitLoad', action: ['follow'], count: 9 }]);
  });

  it('scrolls lines without the numbers, and g still goes to a line with them', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1} [l${i}](x${i})\n`).join('');
    const without = context(lines, false);
    const down = pressKeys(without, ['3', '<Enter>']);
    expect(down.effects).toEqual([]);
    expect(without.doc.text.text(down.state.top, down.state.top + 6)).toBe('line 4');
    const withNumbers = context(lines, true);
    const line = pressKeys(withNumbers, ['2', '0', 'g']).state;
    expect(withNumbers.doc.text.text(line.top, line.top + 7)).toBe('line 20');
  });
});

describe('a search', () => {
  it('selects the link its match is in, so Enter follows it; a match outside links selects none', () => {
    const ctx = context(text, false);
    const found = pressKeys(ctx, ['/', ...'thr', '<Enter>'], undefined, searchesAtOnce);
    expect(found.state.selected).toBe(2);
    expect(pressKeys(ctx, ['<Enter>'], found.state).effects).toEqual([{ kind: 'fetch', url: 'https://example.com/c' }]);
    const outside = pressKeys(ctx, ['/', ...'last', '<Enter>'], found.state, searchesAtOnce);
    expect(outside.state.selected).toBeNull();
  });

  it('selects the link of each match n steps to', () => {
    const ctx = context('[ab](x) [cd](y) ab [ab](z)\n', false);
    const keys = pressKeys(ctx, ['/', ...'ab', '<Enter>'], undefined, searchesAtOnce);
    expect(keys.state.selected).toBe(0);
    const second = pressKeys(ctx, ['n'], keys.state);
    expect(second.state.selected).toBeNull();
    expect(pressKeys(ctx, ['n'], second.state).state.selected).toBe(2);
  });
});

describe('the pages of links (L, V)', () => {
  const read = (page: { doc: Document }) => page.doc.text.text(0, page.doc.text.length);

  it('lists a page\'s links, numbered as # numbers them, each a link to where it goes, credentials masked', () => {
    const source = 'See [one](https://user:secret@example.com/a) and [a (bracketed\\] one](b\\(1\\).md) and [bad](http://[x/).\n';
    const page = filePage(Loader.fromText('/tmp/page.lwl', source));
    const list = linkListPage(page);
    const lines = read(list).split('\n');
    expect(lines[0]).toBe('Links of /tmp/page.lwl: 3 links (Enter follows one, Backspace returns)');
    expect(lines[2]).toBe('1 one  https://…@example.com/a');
    expect(lines[3]).toBe('2 a (bracketed] one  file:///tmp/b(1).md');
    expect(lines[4]).toMatch(/^3 bad  \(cannot follow: .+\)$/);
    expect(list.doc.links.count).toBe(2);
    // Each link is the entry's text and URL; a URL written in a heading or a link's text is no link of the list's.
    expect(list.doc.text.text(list.doc.links.start(0), list.doc.links.end(0))).toBe('one  https://…@example.com/a');
    expect(list.links.get(0)).toMatchObject({ ok: true, href: 'https://user:secret@example.com/a' });
    expect(list.links.get(1)).toMatchObject({ ok: true, href: 'file:///tmp/b(1).md' });
    expect(list.from).toBeNull();
  });

  it('follows a web page\'s links as from that page: the list carries its URL', () => {
    const parsed = parseUrl('https://example.com/');
    if (!parsed.ok) throw new Error(parsed.reason);
    const url = parsed.url;
    const page = { ...pageText(Loader.fromText('x', '[a](file:///etc/passwd)\n'), null, url), kind: 'web' as const, web: { url } } as never;
    expect(linkListPage(page).from).toBe(url);
  });

  it('knows a link into the page listed: the place its fragment names there, or that it names none', () => {
    const page = filePage(Loader.fromText('/tmp/toc.lwl', '[Part two](#two)\n\n## [Two](#two)\n'));
    const list = linkListPage(page);
    const own = list.links.get(0);
    expect(own).toMatchObject({ ok: true, href: 'file:///tmp/toc.lwl#two' });
    expect(placeInListed(list, 'file:///tmp/toc.lwl#two')).toEqual({ at: page.doc.text.text(0, 100).indexOf('## '), fragment: 'two' });
    expect(placeInListed(list, 'file:///tmp/toc.lwl#n%C3%B6')).toEqual({ at: null, fragment: 'nö' });
    expect(placeInListed(list, 'file:///tmp/other.lwl#two')).toBeNull();
    expect(placeInListed(list, 'file:///tmp/toc.lwl')).toBeNull();
    expect(placeInListed(page, 'file:///tmp/toc.lwl#two')).toBeNull();
  });

  it('lists the pages of the session, oldest first, the one shown marked, lwl\'s own pages left out', () => {
    const first = filePage(Loader.fromText('/tmp/first.md', '# First\n'));
    first.doc.title = 'First';
    const second = filePage(Loader.fromText('/tmp/second.lwl', 'text\n'));
    const help = { ...pageText(Loader.fromText('help', 'keys\n')), kind: 'help' as const };
    const lines = read(historyPage([first, help, second])).split('\n');
    expect(lines[0]).toBe('History of this session: 2 pages, the oldest first (Enter loads one, Backspace returns)');
    expect(lines.slice(2, 4)).toEqual(['1 First  file:///tmp/first.md', '2 file:///tmp/second.lwl  (this page)']);
  });
});
