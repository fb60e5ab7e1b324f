// &pattern's pure parts: the lines a filter lists, built a step at a time,
// and the rows of the filtered view over the wrap.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { filterLines, type FilterBuild, type LineFilter } from '../src/document/linefilter.ts';
import { filteredRows } from '../src/rows/filtered.ts';
import { filterStatus } from '../src/state/filter-status.ts';
import { Wrap } from '../src/rows/wrap.ts';

const docOf = (text: string) => parseAll(new Document('t.txt'), text);

function built(build: FilterBuild): LineFilter {
  for (let k = 0; k < 10_000 && build.step(Infinity) !== 'done'; k++);
  return build.lines;
}

const linesOf = (filter: LineFilter, text: string) => Array.from({ length: filter.count }, (_, i) => text.slice(filter.start(i), filter.end(i)));

describe('LineFilter', () => {
  const text = 'alpha one\nbeta\nalpha two alpha\n\ngamma alpha';

  it('lists each line that holds a match once, with its newline, the last line without one', () => {
    const filter = built(filterLines(docOf(text).text, { text: 'alpha', regex: false, backward: true }));
    expect(filter.complete).toBe(true);
    expect(linesOf(filter, text)).toEqual(['alpha one\n', 'alpha two alpha\n', 'gamma alpha']);
    expect(filter.shows(text.indexOf('beta'))).toBe(false);
    expect(filter.shows(text.indexOf('two'))).toBe(true);
    expect(filterStatus(filter)).toBe('&alpha: 3 lines');
  });

  it("&!: the lines without a match, as less's &!pattern, across blocks too", () => {
    const filter = built(filterLines(docOf(text).text, { text: 'alpha', regex: false, backward: false, invert: true }));
    expect(linesOf(filter, text).join('')).toBe('beta\n\n');
    expect(filter.shows(text.indexOf('beta'))).toBe(true);
    expect(filter.shows(text.indexOf('one'))).toBe(false);
    expect(filterStatus(filter)).toBe('&!alpha: the lines without a match');
    const many = Array.from({ length: 300 }, (_, i) => `row ${i}${i % 7 === 0 ? '' : ' other'}`).join('\n') + '\nlast other';
    const seven = built(filterLines(docOf(many).text, { text: 'other', regex: false, backward: false, invert: true }, { blockSize: 256 }));
    expect(linesOf(seven, many).join('').split('\n').filter(Boolean)).toEqual(Array.from({ length: 43 }, (_, i) => `row ${i * 7}`));
    const none = built(filterLines(docOf('a\nb\n').text, { text: 'zzz', regex: false, backward: false, invert: true }));
    expect(linesOf(none, 'a\nb\n')).toEqual(['a\nb\n']);
  });

  it('finds lines across blocks, and regex lines in this thread', () => {
    const many = Array.from({ length: 300 }, (_, i) => `row ${i}${i % 7 === 0 ? ' seven' : ''}`).join('\n') + '\n';
    const filter = built(filterLines(docOf(many).text, { text: 'seven', regex: false, backward: false }, { blockSize: 256 }));
    expect(filter.count).toBe(43);
    expect(linesOf(filter, many).slice(0, 2)).toEqual(['row 0 seven\n', 'row 7 seven\n']);
    const regex = built(filterLines(docOf(many).text, { text: '^row 1\\d$', regex: true, backward: false }, { inThread: true, blockSize: 256 }));
    // Not row 14: it is "row 14 seven".
    expect(linesOf(regex, many)).toEqual([0, 1, 2, 3, 5, 6, 7, 8, 9].map((i) => `row 1${i}\n`));
  });

  it('gets further at every step, even one given no time, and ends done', () => {
    const many = Array.from({ length: 300 }, (_, i) => `row ${i}${i % 7 === 0 ? ' seven' : ''}`).join('\n') + '\n';
    const build = filterLines(docOf(many).text, { text: 'seven', regex: false, backward: false }, { blockSize: 256 });
    let steps = 0;
    let last = -1;
    for (; steps < 1000 && build.step(0) !== 'done'; steps++) {
      expect(build.lines.progress).toBeGreaterThan(last);
      last = build.lines.progress;
    }
    expect([build.lines.count, build.lines.complete]).toEqual([43, true]);
    expect(steps).toBeGreaterThan(1);
  });

  it('says + and … while still looking', () => {
    const many = Array.from({ length: 300 }, (_, i) => `row ${i}`).join('\n');
    const filter = filterLines(docOf(many).text, { text: 'row', regex: false, backward: false }, { blockSize: 64 }).lines;
    expect(filterStatus(filter)).toBe('&row: 0+ lines…');
  });
});

describe('the filtered rows', () => {
  // At 10 columns "alpha two alpha" and "gamma alpha" are two rows each, broken after a space.
  const text = 'alpha one\nbeta\nalpha two alpha\n\ngamma alpha\n';
  const doc = docOf(text);
  const filter = built(filterLines(doc.text, { text: 'alpha', regex: false, backward: false }));
  const rows = filteredRows(new Wrap(doc, 10), filter);
  const shown = (top: number, n = 10) => rows.visibleRows(top, n).map(({ start, end }) => text.slice(start, end));

  it('are the wrap\'s rows of the lines shown only', () => {
    expect(shown(0)).toEqual(['alpha one\n', 'alpha two ', 'alpha\n', 'gamma ', 'alpha\n']);
    // From a line not shown: the next line shown.
    expect(shown(text.indexOf('beta'), 2)).toEqual(['alpha two ', 'alpha\n']);
  });

  it('step down and up over the lines not shown', () => {
    const second = text.indexOf('alpha two');
    expect(rows.nextRow(0)).toBe(second);
    expect(rows.prevRow(second)).toBe(0);
    expect(rows.down(0, 3)).toBe(text.indexOf('gamma'));
    expect(rows.up(text.indexOf('gamma'), 1)).toBe(text.indexOf('alpha\n\n'));
    expect(rows.lastRow()).toBe(text.indexOf('alpha\n', text.indexOf('gamma')));
    expect(rows.bottomTop(2)).toBe(text.indexOf('gamma'));
    expect(rows.rowStart(text.indexOf('beta'))).toBe(second);
    expect(rows.nextRow(rows.lastRow())).toBeNull();
    expect(rows.prevRow(0)).toBeNull();
  });

  it('is one view per filter, and the wrap as it is for anything else', () => {
    expect(filteredRows(rows, filter)).toBe(rows);
    expect(rows.width).toBe(10);
  });
});
