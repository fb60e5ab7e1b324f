// Chopped rows (-S), sideways scrolling, line numbers and `-` toggles, without a terminal.
import { describe, expect, it } from 'vitest';
import { pressKeys } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { initialState, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import { columnsOf, firstLinkShown, shiftToShow, showsColumns, widestRow } from '../src/rows/chop.ts';
import { gutterWidth, lineNumbers } from '../src/rows/gutter.ts';
import { draw } from '../src/draw/draw.ts';
import { themeFor } from '../src/draw/theme.ts';

function context(text: string, width = 20, chop = true, height = 5): Context {
  const doc = parseAll(new Document('t.md'), text);
  return { doc, rows: new Wrap(doc, width, chop), height, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
}

const run = pressKeys;

/** The frame's text rows, without escape sequences. */
function screen(ctx: Context, state: State, cols = 20, rows = 6): string[] {
  const frame = draw(ctx, state, { cols, rows }, themeFor(false));
  return frame.rows.map((r) => r.replace(/\x1b\[[0-9;]*m/g, ''));
}

const LONG = `${'a'.repeat(30)} [link](https://example.org/x) ${'b'.repeat(30)}\nshort\n\ttab\n`;

describe('columns of chopped rows', () => {
  it('counts cells from the row start, tabs to their stops', () => {
    const ctx = context(LONG);
    const start = ctx.doc.links.start(0);
    expect(columnsOf(ctx, start, ctx.doc.links.end(0))).toEqual([31, 37]);
    const tab = ctx.doc.text.text(0, ctx.doc.text.length).indexOf('tab');
    expect(columnsOf(ctx, tab, tab + 3)).toEqual([8, 11]);
    expect(widestRow(ctx, 0)).toBe(68);
  });

  it('finds the first link that shows, nested or cut at an edge', () => {
    const ctx = context(LONG);
    expect(firstLinkShown(ctx, 0, 0)).toBe(null);
    expect(firstLinkShown(ctx, 0, 20)).toBe(0);
    expect(firstLinkShown(ctx, 0, 36)).toBe(0);
    expect(firstLinkShown(ctx, 0, 37)).toBe(null);
    const nested = context('xxxxxxxxxxxxxxxxxxxxxxxxx [outer [inner](b) more](a) [next](c)\n');
    expect(firstLinkShown(nested, 0, 10)).toBe(0);
    expect(firstLinkShown(nested, 0, 50)).toBe(2);
  });

  it('shows columns that overlap the screen, and scrolls only for ones that do not', () => {
    expect(showsColumns(0, [15, 25], 20)).toBe(true);
    expect(showsColumns(0, [19, 25], 20)).toBe(false); // the last column is the > mark's
    expect(shiftToShow(0, [15, 25], 20)).toBe(10);
    expect(shiftToShow(30, [2, 5], 20)).toBe(0);
    expect(shiftToShow(5, [6, 9], 20)).toBe(5);
  });
});

describe('sideways', () => {
  it('moves half a screen, a count of columns, never left of 0 or past the widest line', () => {
    const ctx = context(LONG);
    expect(run(ctx, ['l']).state.shift).toBe(10);
    expect(run(ctx, ['l', 'h']).state.shift).toBe(0);
    expect(run(ctx, ['h']).state.shift).toBe(0);
    expect(run(ctx, ['<Right>', '<Right>', '<Left>']).state.shift).toBe(10);
    expect(run(ctx, ['7', 'l']).state.shift).toBe(7);
    // The count stays the step.
    expect(run(ctx, ['7', 'l', 'l', 'l', 'h']).state.shift).toBe(14);
    expect(run(ctx, Array(20).fill('l')).state.shift).toBe(48);
  });

  it('h is the help while lines wrap, and l says how to chop them', () => {
    const ctx = context(LONG, 20, false);
    expect(run(ctx, ['h']).effects).toEqual([{ kind: 'help' }]);
    const { state } = run(ctx, ['l']);
    expect(state.shift).toBe(0);
    expect(state.message).toMatch(/^Long lines wrap/);
  });

  it('scrolls to the link n selects, and a selection h or l takes off screen goes', () => {
    const ctx = context(LONG);
    const selected = run(ctx, ['n']).state;
    expect(selected.selected).toBe(0);
    expect(selected.shift).toBe(26);
    expect(screen(ctx, selected)[0]).toBe('aaaa [link] bbbbbbb>');
    const away = run(ctx, ['3', 'l'], selected).state;
    expect(away.selected).toBe(0);
    expect(run(ctx, ['2', '0', 'l'], selected).state.selected).toBe(null);
  });
});

describe('a chopped selection', () => {
  it('never rests on a link off to the side when scrolling down selects another', () => {
    const text = ['[near](a) top', ...Array.from({ length: 8 }, (_, i) => `filler ${i}`), `${'x'.repeat(40)} [far](b)`, '[shown](c)', ''].join('\n');
    const ctx = context(text, 20, true, 3);
    const first = run(ctx, ['n']).state;
    expect(first.selected).toBe(0);
    // Scrolling down takes [near] off screen; [far] is the first link below, but off to the right: [shown] shows.
    const down = run(ctx, ['8', 'j'], first).state;
    expect(ctx.doc.text.text(down.top, down.top + 6)).toBe('filler');
    expect(down.selected).toBe(2);
  });
});

describe('drawing chopped rows', () => {
  it('marks a row that goes on, blanks a wide character cut by the left edge, and draws tabs from the line start', () => {
    const ctx = context('日本語のテキスト and more words here\n\tx\n');
    expect(screen(ctx, initialState).slice(0, 2)).toEqual(['日本語のテキスト an>', '        x']);
    expect(screen(ctx, { ...initialState, shift: 1 })[0]).toBe(' 本語のテキスト and>');
    expect(screen(ctx, { ...initialState, shift: 4 }).slice(0, 2)).toEqual(['語のテキスト and mo>', '    x']);
  });
});

describe('line numbers', () => {
  it('numbers the first row of each line, in a column of at least 7 digits', () => {
    expect(gutterWidth(80, true, 12)).toBe(8);
    expect(gutterWidth(80, true, 123_456_789)).toBe(10);
    expect(gutterWidth(80, false, 12)).toBe(0);
    expect(gutterWidth(12, true, 12)).toBe(0);
    const doc = parseAll(new Document('t'), 'one two three four\nfive\n');
    const wrap = new Wrap(doc, 10);
    const rows = wrap.visibleRows(0, 10);
    expect(lineNumbers(doc, new LineIndex(doc), rows)).toEqual([1, null, 2]);
    const lines = new LineIndex(doc);
    const ctx: Context = { doc, rows: wrap, height: 5, links: new LinkTargets(doc), lines, browser: null, secure: false, bindings: defaultBindings };
    expect(screen(ctx, initialState, 18).slice(0, 4)).toEqual(['      1 one two ', '        three four', '      2 five', '~']);
  });
});

describe('- typed while paging', () => {
  it('names the option to turn on or off, and says which there are', () => {
    const ctx = context(LONG);
    expect(run(ctx, ['-']).state.message).toBe('Set option: -');
    for (const option of ['N', 'S', 'i', 'I']) expect(run(ctx, ['-', option]).effects).toEqual([{ kind: 'toggle', option }]);
    expect(run(ctx, ['-', 'q']).state.message).toMatch(/^-N line numbers/);
    expect(run(ctx, ['-', '<Escape>']).effects).toEqual([]);
    // The letter after - is not a key of its own: q did not quit.
    expect(run(ctx, ['-', 'q']).effects).toEqual([]);
  });
});
