// The pure parts of less's search habits: a match shown whole, a pattern not
// found kept, and the incremental search's states (the pager's runs are
// stood in for by searchNow).
import { describe, expect, it } from 'vitest';
import { pressKeys, searchesAtOnce } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { searchNow } from '../src/document/searchrun.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { press, update, type Context, type State } from '../src/state/state.ts';
import { showRange } from '../src/state/selection.ts';
import { filterLines } from '../src/document/linefilter.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';

function context(text: string, height = 5, width = 20, incsearch = true): Context {
  const doc = parseAll(new Document('t.md'), text);
  const url = parseUrl('https://example.org/');
  if (!url.ok) throw new Error('bad base');
  return { doc, rows: new Wrap(doc, width), height, links: new LinkTargets(doc, url.url), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings, incsearch };
}

/** Presses keys, carrying out searches and incremental searches at once. */
const run = (ctx: Context, keys: string[], state?: State) => pressKeys(ctx, keys, state, searchesAtOnce);

const lines = (n: number, at: Record<number, string> = {}) => Array.from({ length: n }, (_, i) => at[i + 1] ?? `row ${i + 1}`).join('\n') + '\n';
const offsetOfLine = (text: string, n: number) => text.split('\n').slice(0, n - 1).join('\n').length + (n > 1 ? 1 : 0);

describe('showRange', () => {
  const text = lines(20, { 9: 'x'.repeat(15) + ' long match here' });
  const ctx = context(text);

  it('scrolls a match that runs past the last row up until all of it shows', () => {
    const start = text.indexOf('long');
    // Its line's rows: "xxx... long" (to 20 cells) and "match here".
    const top = showRange(ctx, 0, start, start + 'long match'.length);
    expect(top).toBe(offsetOfLine(text, 6));
  });

  it('leaves the screen where it is when all of the match shows', () => {
    expect(showRange(ctx, 0, text.indexOf('row 2'), text.indexOf('row 2') + 5)).toBe(0);
  });

  it('shows a match taller than the screen from its start', () => {
    const tall = context(lines(3, { 2: 'y'.repeat(200) }));
    const start = tall.doc.text.text(0, tall.doc.text.length).indexOf('y');
    expect(showRange(tall, 0, start, start + 200)).toBe(start);
  });
});

describe('a pattern not found', () => {
  it('stays the search: n asks for it again instead of stepping links', () => {
    const ctx = context(lines(10) + '[a link](x)\n');
    let { state } = run(ctx, ['/', ...'nothing', '<Enter>']);
    expect(state.message).toBe('Pattern not found');
    expect(state.matches).not.toBeNull();
    const result = press(state, 'n', ctx);
    expect(result.effects).toEqual([{ kind: 'search', query: { text: 'nothing', regex: false, backward: false } }]);
    expect(result.state.selected).toBeNull();
    // ESC-u (less's) ends it: n walks links again.
    state = run(ctx, ['<M-u>', 'n'], state).state;
    expect(state.selected).toBe(0);
  });
});

describe('incremental search', () => {
  const text = lines(40, { 30: 'row 30 target' });
  const ctx = context(text);

  it('shows the first match as the pattern is typed, and Escape goes back to where it began', () => {
    let { state } = run(ctx, ['j', '/', ...'targ']);
    expect(state.mode).toBe('search');
    expect(state.match).toBe(text.indexOf('target'));
    // On the top row, as less's -j1 (its default) puts it.
    expect(state.top).toBe(offsetOfLine(text, 30));
    state = run(ctx, ['<Escape>'], state).state;
    expect(state.mode).toBe('ground');
    expect(state.top).toBe(offsetOfLine(text, 2));
    expect(state.matches).toBeNull();
  });

  it('goes back while the line has nothing to look for, and Enter keeps the place', () => {
    let { state, effects } = run(ctx, ['/', ...'targ', '<C-u>']);
    expect(state.top).toBe(0);
    expect(effects.at(-1)).toEqual({ kind: 'incsearch', query: null, from: 0 });
    ({ state, effects } = run(ctx, [...'target', '<Enter>'], state));
    expect(state.top).toBe(offsetOfLine(text, 30));
    expect(state.message).toBe('match 1 of 1');
    // '' returns to where the search was typed.
    expect(state.lastJump).toBe(0);
    // The search on Enter starts where the typing began, and the incremental one stops.
    expect(effects.slice(-2)).toEqual([
      { kind: 'incsearch', query: null, from: 0 },
      { kind: 'search', query: { text: 'target', regex: false, backward: false }, from: 0 },
    ]);
  });

  it('ignores an answer for a pattern since changed, and a bad regex looks for nothing', () => {
    const { state } = run(ctx, ['/', ...'row 3']);
    const stale = searchNow(ctx.doc.text, { text: 'target', regex: false, backward: false }, 0);
    expect(update(state, ['incFound', stale], null, ctx).state).toEqual(state);
    const result = run(ctx, ['<C-u>', ...'re:('], state);
    expect(result.effects.at(-1)).toEqual({ kind: 'incsearch', query: null, from: 0 });
  });

  it('looks up from where ? was typed, and Escape leaves the direction of the search before', () => {
    let { state } = run(ctx, ['G', '/', ...'row 3', '<Enter>']);
    expect(state.searchBackward).toBe(false);
    const bottom = state.top;
    ({ state } = run(ctx, ['?', ...'target'], state));
    expect(state.searchBackward).toBe(true);
    expect(state.match).toBe(text.indexOf('target'));
    expect(state.top).toBeLessThan(bottom);
    ({ state } = run(ctx, ['<Escape>'], state));
    expect(state.searchBackward).toBe(false);
    expect(state.top).toBe(bottom);
    expect(state.matches!.query.text).toBe('row 3');
  });

  it('is off when the context says so: no incremental effects, the screen stays', () => {
    const off = context(text, 5, 20, false);
    const { state, effects } = run(off, ['/', ...'target']);
    expect(state.top).toBe(0);
    expect(effects.filter((e) => e.kind === 'incsearch' && e.query !== null)).toEqual([]);
  });
});

describe('a search while & shows some lines', () => {
  const text = lines(40, { 3: 'row 3 target', 10: 'row 10 keep target', 15: 'row 15 keep', 20: 'row 20 keep target', 25: 'row 25 target' });
  const ctx = context(text);

  function filtered(): State {
    const { effects, state } = run(ctx, ['&', ...'keep', '<Enter>']);
    expect(effects).toEqual([{ kind: 'filter', query: { text: 'keep', regex: false, backward: false }, replaces: null }]);
    const build = filterLines(ctx.doc.text, { text: 'keep', regex: false, backward: false });
    while (build.step(Infinity) !== 'done');
    return update(state, ['filterStarted', build.lines], null, ctx).state;
  }

  it('finds and walks the matches on the lines shown only', () => {
    let state = filtered();
    expect(state.filter!.count).toBe(3);
    state = run(ctx, ['/', ...'target', '<Enter>'], state).state;
    expect(state.match).toBe(text.indexOf('target', text.indexOf('row 10')));
    state = run(ctx, ['n'], state).state;
    expect(state.match).toBe(text.indexOf('target', text.indexOf('row 20')));
    state = run(ctx, ['n'], state).state;
    expect(state.message).toBe('No more');
  });

  it('& alone shows every line again, the top where it was', () => {
    // The filter settled the top on the first line shown: row 10.
    const state = filtered();
    expect(state.top).toBe(text.indexOf('row 10'));
    const { state: all, effects } = run(ctx, ['&', '<Enter>'], state);
    expect(all.filter).toBeNull();
    expect(all.top).toBe(text.indexOf('row 10'));
    expect(effects).toEqual([{ kind: 'filter', query: null, replaces: state.filter }]);
  });
});

describe("less's search habits", () => {
  const text = lines(40, { 5: 'row 5 needle', 12: 'row 12 needle', 30: 'row 30 needle' });
  const ctx = context(text);

  it('/ then Enter on an empty line searches for the last pattern again, from the match, as n', () => {
    let { state } = run(ctx, ['/', ...'needle', '<Enter>']);
    expect(state.top).toBe(offsetOfLine(text, 5));
    ({ state } = run(ctx, ['/', '<Enter>'], state));
    expect(state.top).toBe(offsetOfLine(text, 12));
    expect(state.message).toBe('match 2 of 3');
    expect(state.lastJump).toBe(offsetOfLine(text, 5));
    // ? and Enter: the same pattern, upward.
    ({ state } = run(ctx, ['?', '<Enter>'], state));
    expect(state.top).toBe(offsetOfLine(text, 5));
    expect(state.searchBackward).toBe(true);
  });

  it('an empty / after the search ended looks for the last pattern anew; with none, says so', () => {
    const { state, effects } = run(ctx, ['/', ...'needle', '<Enter>', '<M-u>', 'g', '/', '<Enter>']);
    expect(state.message).toBe('match 1 of 3');
    expect(effects.some((e) => e.kind === 'search')).toBe(true);
    expect(run(ctx, ['/', '<Enter>']).state.message).toBe('No previous search: type a pattern');
  });

  it('ESC-u ends the search: no matches to highlight, and says so', () => {
    const { state } = run(ctx, ['/', ...'needle', '<Enter>', '<M-u>']);
    expect(state.matches).toBeNull();
    expect(state.message).toBe('Search ended');
  });

  it('--regex-search: the search is a regular expression as less\'s, lit: (^R) makes it literal', () => {
    const regex = { ...ctx, regexSearch: true };
    expect(run(regex, ['/', ...'^row 1.$', '<Enter>']).state.message).toBe('match 1 of 9');
    expect(run(ctx, ['/', ...'^row 1.$', '<Enter>']).state.message).toBe('Pattern not found');
    // ^R types the prefix of the other way: lit: in regex mode, re: in lwl's.
    const typed = run(regex, ['/', ...'^row', '<C-r>']).state;
    expect(typed.line.text).toBe('lit:^row');
    expect(run(regex, ['<Enter>'], typed).state.message).toBe('Pattern not found');
    expect(run(ctx, ['/', ...'x', '<C-r>']).state.line.text).toBe('re:x');
  });

  it('&!pattern asks for the filter of the lines without a match', () => {
    const { effects } = run(ctx, ['&', ...'!needle', '<Enter>']);
    expect(effects.at(-1)).toMatchObject({ kind: 'filter', query: { text: 'needle', invert: true } });
  });
});
