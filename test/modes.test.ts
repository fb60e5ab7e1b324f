// The typing modes, search, link stepping, fork/exec/follow: state from key
// sequences, without a terminal.
import { describe, expect, it } from 'vitest';
import { pressKeys, searchesAtOnce } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { initialState, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { Bindings, defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import type { JumpTarget } from '../src/state/types.ts';

function context(text: string, height = 5, width = 40, base = 'https://example.org/dir/page.html'): Context {
  const doc = parseAll(new Document('t.md'), text);
  const url = parseUrl(base);
  if (!url.ok) throw new Error('bad base');
  return { doc, rows: new Wrap(doc, width), height, links: new LinkTargets(doc, url.url), lines: new LineIndex(doc), browser: 'open-it "$LINK"', secure: false, bindings: defaultBindings };
}

/** Presses keys in order, carrying out searches at once. */
const run = (ctx: Context, keys: string[], state?: State) => pressKeys(ctx, keys, state, searchesAtOnce);

const type = (text: string) => [...text];
const linkTextOf = (ctx: Context, state: State) =>
  state.selected === null ? null : ctx.doc.text.text(ctx.doc.links.start(state.selected), ctx.doc.links.end(state.selected));

describe('typing modes', () => {
  const ctx = context('some text\n');

  it.each([
    ['/', 'search'],
    ['?', 'search'],
    ['>', 'fork'],
    ['!', 'exec'],
  ])('%s enters %s mode with an empty line', (key, mode) => {
    const { state } = run(ctx, [key]);
    expect(state.mode).toBe(mode);
    expect(state.line).toEqual({ text: '', cursor: 0 });
    expect(state.searchBackward).toBe(key === '?');
  });

  it('types any Unicode text, and Backspace deletes a whole cluster', () => {
    const { state } = run(ctx, ['/', ...type('한국 cafe'), '\u0301', '👍🏽']);
    expect(state.line.text).toBe('한국 cafe\u0301👍🏽');
    const after = run(ctx, ['<Backspace>', '<Backspace>'], state).state;
    expect(after.line.text).toBe('한국 caf');
  });

  it('leaves the mode on Backspace with an empty line, ^C and Escape', () => {
    for (const keys of [['<Backspace>'], ['a', '<Backspace>', '<Backspace>'], ['a', '<C-c>'], ['a', '<Escape>']]) {
      const { state, effects } = run(ctx, ['>', ...keys]);
      expect(state.mode).toBe('ground');
      expect(effects).toEqual([]);
    }
  });

  it('edits with ^U, ^W, Left, Right, Home, End, Delete, ^A, ^E', () => {
    const edits: Array<[string[], string, number]> = [
      [[...type('one two'), '<C-u>'], '', 0],
      [[...type('one two  '), '<C-w>'], 'one ', 4],
      [[...type('abc'), '<Left>', '<Left>', 'X'], 'aXbc', 2],
      [[...type('abc'), '<Home>', 'X', '<End>', 'Y'], 'XabcY', 5],
      [[...type('abc'), '<C-a>', '<Delete>', '<C-e>', '<Left>', '<Right>', 'Z'], 'bcZ', 3],
      [[...type('가나다'), '<Left>', '<Backspace>'], '가다', 1],
    ];
    for (const [keys, text, cursor] of edits) {
      expect(run(ctx, ['!', ...keys]).state.line).toEqual({ text, cursor });
    }
  });

  it('recalls earlier lines of the same mode with Up and Down', () => {
    let { state } = run(ctx, ['>', ...type('first'), '<Enter>', '>', ...type('second'), '<Enter>', '/', ...type('x'), '<Enter>']);
    state = run(ctx, ['>', ...type('draft'), '<Up>'], state).state;
    expect(state.line.text).toBe('second');
    state = run(ctx, ['<Up>'], state).state;
    expect(state.line.text).toBe('first');
    state = run(ctx, ['<Up>'], state).state;
    expect(state.line.text).toBe('first');
    state = run(ctx, ['<Down>', '<Down>'], state).state;
    expect(state.line.text).toBe('draft');
    expect(run(ctx, ['<C-c>', '/', '<Up>'], state).state.line.text).toBe('x');
  });

  it('toggles the regex prefix with ^R in search mode only', () => {
    expect(run(ctx, ['/', ...type('a.b'), '<C-r>']).state.line.text).toBe('re:a.b');
    expect(run(ctx, ['/', ...type('re:a.b'), '<C-r>']).state.line.text).toBe('a.b');
    expect(run(ctx, ['>', ...type('ls'), '<C-r>']).state.line.text).toBe('ls');
  });
});

describe('fork and exec', () => {
  const ctx = context('a [link](x/y?q=1#f) here\n');

  it('runs the typed command with LINK set to the resolved URL of the selected link', () => {
    const { effects, state } = run(ctx, ['n', '>', ...type('echo "$LINK"'), '<Enter>']);
    expect(effects).toEqual([{ kind: 'run', command: 'echo "$LINK"', link: 'https://example.org/dir/x/y?q=1#f', then: 'resume' }]);
    expect(state.mode).toBe('ground');
  });

  it('exec ends lwl after the command; LINK is empty with no selection', () => {
    const { effects } = run(ctx, ['!', ...type('exit 3'), '<Enter>']);
    expect(effects).toEqual([{ kind: 'run', command: 'exit 3', link: '', then: 'exit' }]);
  });

  it('does nothing for an empty command', () => {
    expect(run(ctx, ['>', '<Enter>']).effects).toEqual([]);
  });
});

describe('search', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `row ${i + 1}: ${i % 3 === 0 ? 'Needle' : 'hay'}\n`).join('');
  const ctx = context(lines, 5);

  it('finds every match, case-insensitively for a lowercase query, and says how many', () => {
    const { state } = run(ctx, ['/', ...type('needle'), '<Enter>']);
    expect(state.matches!.total).toBe(10);
    expect(state.message).toBe('match 1 of 10');
    // The current match is named by where it starts.
    expect(state.match).toBe(lines.indexOf('Needle'));
  });

  it('is case-sensitive when the query has a capital letter', () => {
    expect(run(ctx, ['/', ...type('NEEDLE'), '<Enter>']).state.message).toBe('Pattern not found');
    expect(run(ctx, ['/', ...type('Needle'), '<Enter>']).state.message).toBe('match 1 of 10');
  });

  it("walks matches with n and N, each on the top row (less's -j default)", () => {
    const lineAt = (state: { top: number }) => ctx.doc.text.text(state.top, ctx.doc.text.lineEnd(state.top));
    let { state } = run(ctx, ['/', ...type('needle'), '<Enter>']);
    expect(state.top).toBe(0);
    state = run(ctx, ['n'], state).state; // row 4: on screen, and still brought to the top
    expect(state.message).toBe('match 2 of 10');
    expect(lineAt(state)).toBe('row 4: Needle\n');
    state = run(ctx, ['n'], state).state;
    expect(state.message).toBe('match 3 of 10');
    expect(lineAt(state)).toBe('row 7: Needle\n');
    state = run(ctx, ['N', 'N', 'N'], state).state;
    expect(state.message).toBe('Already at first');
    expect(state.top).toBe(0);
    // Off screen, the current match gives way to the first one on screen; near the end the screen stops at the last line.
    state = run(ctx, ['G', 'n'], state).state;
    expect(state.message).toBe('match 10 of 10');
    expect(lineAt(state)).toBe('row 26: hay\n');
    state = run(ctx, ['n'], state).state;
    expect(state.message).toBe('No more');
  });

  it('puts the match on the -j row: counted from the top, from the bottom, or a fraction of the way down', () => {
    const lineAt = (state: { top: number }) => ctx.doc.text.text(state.top, ctx.doc.text.lineEnd(state.top));
    const search = (jumpTarget: JumpTarget) => run({ ...ctx, jumpTarget }, ['/', ...type('row 13:'), '<Enter>']).state;
    expect(lineAt(search({ line: 1 }))).toMatch(/^row 13:/);
    expect(lineAt(search({ line: 3 }))).toMatch(/^row 11:/);
    // -j-1: the bottom row of 5.
    expect(lineAt(search({ line: -1 }))).toMatch(/^row 9:/);
    expect(lineAt(search({ fraction: 0.5 }))).toMatch(/^row 11:/);
    // A row past the screen is its last row.
    expect(lineAt(search({ line: 99 }))).toMatch(/^row 9:/);
  });

  it('searches backward with ?, where n goes up and N down', () => {
    let { state } = run(ctx, ['G', '?', ...type('needle'), '<Enter>']);
    expect(state.message).toBe('match 9 of 10');
    state = run(ctx, ['n'], state).state;
    expect(state.message).toBe('match 8 of 10');
    state = run(ctx, ['N'], state).state;
    expect(state.message).toBe('match 9 of 10');
  });

  it('starts from the top again when nothing follows the screen', () => {
    const { state } = run(ctx, ['G', '/', ...type('row 1:'), '<Enter>']);
    expect(state.message).toBe('match 1 of 1 (from the top)');
    expect(state.top).toBe(0);
  });

  it('reads a query with the prefix as a regular expression, and reports a bad one', () => {
    expect(run(ctx, ['/', ...type('re:row [0-9]+: n'), '<Enter>']).state.message).toBe('match 1 of 10');
    const bad = run(ctx, ['/', ...type('re:row ('), '<Enter>']).state;
    expect(bad.message).toMatch(/^Bad pattern: /);
    expect(bad.mode).toBe('ground');
  });

  it("ends the search with ESC-u (less's), so n walks links again; an empty query repeats it", () => {
    const withLinks = context('[a](1) needle [b](2)\n');
    let { state } = run(withLinks, ['/', ...type('needle'), '<Enter>']);
    expect(state.matches).not.toBeNull();
    state = run(withLinks, ['/', '<Enter>'], state).state;
    expect(state.matches).not.toBeNull();
    state = run(withLinks, ['<M-u>', 'n'], state).state;
    expect(state.matches).toBeNull();
    expect(linkTextOf(withLinks, state)).toBe('[a]');
  });
});

describe('links', () => {
  const doc = [
    'intro [one](1.html) and [two](2.html)',
    'filler',
    'filler',
    'filler',
    'filler',
    'filler',
    '[three](3.html) [four [five](5.html)](4.html)',
    'filler',
    'filler',
    'filler',
    'filler',
    '[six](#six) [seven](#nowhere) [bad](http://exa mple/)',
    '## [Six](#six) heading',
    ...Array(10).fill('after'),
  ].join('\n');
  const ctx = context(doc, 5);

  it('steps through links in document order, nested ones outer first', () => {
    const seen: Array<string | null> = [];
    let state = initialState;
    for (let i = 0; i < 9; i++) {
      state = run(ctx, ['n'], state).state;
      seen.push(linkTextOf(ctx, state));
    }
    expect(seen).toEqual(['[one]', '[two]', '[three]', '[four [five]]', '[five]', '[six]', '[seven]', '[bad]', '[Six]']);
    expect(run(ctx, ['n'], state).state.message).toBe('No more');
  });

  it('starts from the screen when the selection is off it', () => {
    // One line down, no link is on screen: nothing stays selected, so Enter cannot
    // act on a link the reader no longer sees.
    const { state } = run(ctx, ['n', 'j']);
    expect(state.selected).toBeNull();
    expect(linkTextOf(ctx, run(ctx, ['n'], state).state)).toBe('[three]');
    expect(linkTextOf(ctx, run(ctx, ['N'], state).state)).toBe('[two]');
  });

  it('keeps a selection on screen when scrolling', () => {
    let { state } = run(ctx, ['n']); // [one]
    state = run(ctx, ['6', 'j'], state).state;
    expect(linkTextOf(ctx, state)).toBe('[three]');
    state = run(ctx, ['5', 'j'], state).state;
    expect(linkTextOf(ctx, state)).toBe('[six]');
    state = run(ctx, ['g'], state).state;
    expect(linkTextOf(ctx, state)).toBe('[two]');
  });

  it('cycles through the links on screen with Tab and Shift-Tab', () => {
    let { state } = run(ctx, ['<Tab>']);
    expect(linkTextOf(ctx, state)).toBe('[one]');
    state = run(ctx, ['<Tab>', '<Tab>'], state).state;
    expect(linkTextOf(ctx, state)).toBe('[one]');
    state = run(ctx, ['<S-Tab>'], state).state;
    expect(linkTextOf(ctx, state)).toBe('[two]');
    expect(run(ctx, ['j', '<Tab>']).state.message).toBe('No links on screen');
  });

  it('follows a link to another page through the browser, and a file: link by opening it', () => {
    expect(run(ctx, ['n', '<Enter>']).effects).toEqual([
      { kind: 'run', command: 'open-it "$LINK"', link: 'https://example.org/dir/1.html', then: 'resume' },
    ]);
    // With no browser command, lwl loads the page itself (test/browse-follow.test.ts has the rest).
    expect(run({ ...ctx, browser: null, secure: false, bindings: defaultBindings }, ['n', '<Enter>']).effects).toEqual([{ kind: 'fetch', url: 'https://example.org/dir/1.html' }]);
    const local = context('[x](other.md)', 5, 40, 'file:///tmp/docs/this.md');
    expect(run(local, ['n', '<Enter>']).effects).toEqual([{ kind: 'open', url: 'file:///tmp/docs/other.md' }]);
  });

  it('jumps to a fragment where the document defines it, else says so', () => {
    let { state } = run(ctx, ['1', '1', 'j', 'n']);
    expect(linkTextOf(ctx, state)).toBe('[six]');
    state = run(ctx, ['<Enter>'], state).state;
    expect(ctx.doc.text.text(state.top, ctx.doc.text.lineEnd(state.top))).toMatch(/^## \[Six\]/);
    // Like any scroll, the jump keeps the selection on screen: the heading's own link.
    expect(linkTextOf(ctx, state)).toBe('[Six]');
    state = run(ctx, ['g', '1', '1', 'j', 'n', 'n', '<Enter>']).state;
    expect(state.message).toBe('#nowhere is not defined in this document');
  });

  it('says why a link that does not parse cannot be followed', () => {
    const { state, effects } = run(ctx, ['1', '1', 'j', 'n', 'n', 'n', '<Enter>']);
    expect(linkTextOf(ctx, state)).toBe('[bad]');
    expect(effects).toEqual([]);
    expect(state.message).toMatch(/^Cannot follow this link: /);
  });

  it('asks to go back on Backspace, and previews only a selected link', () => {
    expect(run(ctx, ['<Backspace>']).effects).toEqual([{ kind: 'back' }]);
    expect(run(ctx, ['v']).state.message).toBe('No link selected: n selects one');
    const { state } = run(ctx, ['n', 'v']);
    expect(state.mode).toBe('preview');
    expect(run(ctx, ['x'], state).state.mode).toBe('ground');
  });
});

describe("less's habits", () => {
  const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}${i === 99 ? ' [mid](#end)' : ''}`);
  const ctx = context([...lines, '## End', 'last'].join('\n') + '\n', 10, 40);
  const top = (state: State) => ctx.doc.text.text(state.top, ctx.doc.text.lineEnd(state.top)).trim();

  it('moves with ^F ^B ^D ^U ^E ^Y ^N ^P e y, and Enter with no link selected', () => {
    expect(top(run(ctx, ['<C-f>']).state)).toBe('line 11');
    expect(top(run(ctx, ['<C-f>', '<C-f>', '<C-b>']).state)).toBe('line 11');
    expect(top(run(ctx, ['<C-d>']).state)).toBe('line 6');
    expect(top(run(ctx, ['<C-d>', '<C-u>']).state)).toBe('line 1');
    expect(top(run(ctx, ['<C-e>', 'e', '<C-n>', '<Enter>']).state)).toBe('line 5');
    expect(top(run(ctx, ['5', 'j', '<C-y>', 'y', '<C-p>']).state)).toBe('line 3');
  });

  it('goes to N percent of the text with p and %, as less does by bytes', () => {
    const lineAt = (percent: number) => top({ ...initialState, top: ctx.doc.text.lineStart(Math.floor((ctx.doc.text.length * percent) / 100)) });
    expect(top(run(ctx, ['5', '0', 'p']).state)).toBe(lineAt(50));
    expect(lineAt(50)).toBe('line 107');
    expect(top(run(ctx, ['G', 'p']).state)).toBe('line 1');
    expect(top(run(ctx, ['2', '5', '%']).state)).toBe(lineAt(25));
  });

  it("sets marks with m, returns with ', and '' returns to where the last jump started", () => {
    let { state } = run(ctx, ['3', '0', 'g', 'm', 'a', 'G']);
    expect(top(state)).toBe('line 193');
    state = run(ctx, ["'", 'a'], state).state;
    expect(top(state)).toBe('line 30');
    state = run(ctx, ["'", "'"], state).state;
    expect(top(state)).toBe('line 193');
    state = run(ctx, ["'", "'"], state).state;
    expect(top(state)).toBe('line 30');
    expect(run(ctx, ["'", 'z'], state).state.message).toBe('Mark z is not set');
    expect(run(ctx, ['m', '1']).state.message).toBe('A mark is a letter: m then a-z or A-Z');
    expect(top(run(ctx, ["'", '$'], state).state)).toBe('line 193');
    // Scrolling is not a jump: '' still goes to where the last jump started.
    state = run(ctx, ['1', '0', 'g', 'j', 'j', "'", "'"]).state;
    expect(top(state)).toBe('line 1');
  });

  it('Backspace returns from a fragment jump to the link that was followed, then to the previous document', () => {
    let { state } = run(ctx, ['9', '5', 'g', 'n']);
    expect(top(state)).toBe('line 95');
    state = run(ctx, ['<Enter>'], state).state;
    expect(top(state)).toBe('line 193');
    const back = run(ctx, ['<Backspace>'], state);
    expect(top(back.state)).toBe('line 95');
    expect(linkTextOf(ctx, back.state)).toBe('[mid]');
    expect(back.effects).toEqual([]);
    expect(run(ctx, ['<Backspace>'], back.state).effects).toEqual([{ kind: 'back' }]);
  });

  it('= tells where you are', () => {
    const { state } = run(ctx, ['=']);
    expect(state.message).toMatch(/^t\.md \(markup\): bytes 0-\d+ of [\d,]+ \(\d+%\), 1 links$/);
  });
});

describe("less's command keys", () => {
  const text = Array.from({ length: 30 }, (_, i) => `row ${i + 1}\n`).join('');
  const ctx = context(text);
  const less = { ...ctx, bindings: new Bindings([], true) };

  it('Q, ZZ and :q quit in every profile', () => {
    for (const keys of [['Q'], ['Z', 'Z'], [':', 'q']]) expect(run(ctx, keys).effects).toEqual([{ kind: 'quit', status: 0 }]);
    expect(run(ctx, ['Z', 'j']).effects).toEqual([]);
  });

  it("lwl's keys stay lwl's: v previews, ! ends lwl, s and | do nothing", () => {
    expect(run(ctx, ['s']).state.mode).toBe('ground');
    expect(run(ctx, ['|']).state.pending).toBeNull();
    expect(run(ctx, ['!']).state.mode).toBe('exec');
  });

  it('--less-keys: v edits at the line on top, ! runs and comes back, s saves, | pipes from a mark to the screen', () => {
    expect(run(less, ['5', 'j', 'v']).effects).toEqual([{ kind: 'edit', line: 6 }]);
    expect(run(less, ['!', ...type('true'), '<Enter>']).effects).toEqual([{ kind: 'run', command: 'true', link: '', then: 'resume' }]);
    expect(run(less, ['s', ...type('out.txt'), '<Enter>']).effects).toEqual([{ kind: 'save', path: 'out.txt' }]);
    // m a at row 3, down to row 11 (its screen ends after row 15): | a gets rows 3 to 15.
    const rowAt = (n: number) => text.indexOf(`row ${n}\n`);
    const piped = run(less, ['2', 'j', 'm', 'a', '8', 'j', '|', 'a', ...type('wc -l'), '<Enter>']).effects;
    expect(piped).toEqual([{ kind: 'pipe', command: 'wc -l', from: rowAt(3), to: rowAt(16), link: '' }]);
    // . : this screen; ^ from the top.
    expect(run(less, ['|', '.', ...type('cat'), '<Enter>']).effects).toEqual([{ kind: 'pipe', command: 'cat', from: 0, to: rowAt(6), link: '' }]);
    expect(run(less, ['|', 'z']).state.message).toBe('Mark z is not set');
    // ^C does not quit, as in less; in lwl's keys it does.
    expect(run(less, ['<C-c>']).effects).toEqual([]);
    expect(run(ctx, ['<C-c>']).effects).toEqual([{ kind: 'quit', status: 0 }]);
  });

  it('secure mode turns off s, | and v as less does', () => {
    const secure = { ...less, secure: true };
    expect(run(secure, ['s']).state.message).toBe('s is disabled in secure mode');
    expect(run(secure, ['|']).state.message).toBe('| is disabled in secure mode');
    expect(run(secure, ['v']).state.message).toBe('v is disabled in secure mode');
    expect(run(secure, ['v']).effects).toEqual([]);
  });
});
