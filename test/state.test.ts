// Ground-mode state from key sequences, without a terminal.
import { describe, expect, it } from 'vitest';
import { pressKeys } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { initialState, update, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';

function context(lines: number, height = 10, width = 40): Context {
  const text = Array.from({ length: lines }, (_, i) => `line ${i + 1}\n`).join('');
  const doc = parseAll(new Document('t'), text);
  return { doc, rows: new Wrap(doc, width), height, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
}

const run = pressKeys;

const topLine = (ctx: Context, state: State) => ctx.doc.text.text(state.top, ctx.doc.text.lineEnd(state.top)).trim();

describe('ground mode', () => {
  const ctx = context(100);

  it.each([
    [['j'], 'line 2'],
    [['<Down>', '<Down>'], 'line 3'],
    [['j', 'k'], 'line 1'],
    [['k'], 'line 1'],
    [['d'], 'line 6'],
    [['d', 'u'], 'line 1'],
    [[' '], 'line 11'],
    [['f', 'f', 'b'], 'line 11'],
    [['<PageDown>', '<PageUp>'], 'line 1'],
    [['G'], 'line 91'],
    [['<End>', 'j'], 'line 91'],
    [['G', 'g'], 'line 1'],
    [['G', '<Home>'], 'line 1'],
    [['G', '<'], 'line 1'],
    [['5', 'j'], 'line 6'],
    [['1', '2', 'j', '3', 'k'], 'line 10'],
    [['2', ' '], 'line 21'],
    [['4', '2', 'g'], 'line 42'],
    [['9', '5', 'g'], 'line 91'],
    [['2', '0', 'G'], 'line 20'],
    [['0', 'j'], 'line 2'],
  ])('%j shows %s at the top', (keys, line) => {
    expect(topLine(ctx, run(ctx, keys).state)).toBe(line);
  });

  it('quits on q and ^C', () => {
    expect(run(ctx, ['q']).effects).toEqual([{ kind: 'quit', status: 0 }]);
    expect(run(ctx, ['<C-c>']).effects).toEqual([{ kind: 'quit', status: 0 }]);
  });

  it('asks for a full redraw on ^L', () => {
    expect(run(ctx, ['<C-l>']).effects).toEqual([{ kind: 'redraw' }]);
  });

  it('forgets a count after the key it applied to, and ignores unbound keys', () => {
    const { state } = run(ctx, ['3', 'x', 'j']);
    expect(topLine(ctx, state)).toBe('line 2');
    expect(state.count).toBe('');
  });

  it('waits for the whole document before going to the bottom', () => {
    const doc = new Document('partial');
    const partial: Context = { doc, rows: new Wrap(doc, 40), height: 10, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
    const { effects } = run(partial, ['G']);
    expect(effects).toEqual([{ kind: 'awaitLoad', action: ['bottom'], count: null }]);
  });

  it('scrolls by wrapped rows, not lines', () => {
    const doc = parseAll(new Document('t'), 'a'.repeat(100) + '\nnext\n');
    const narrow: Context = { doc, rows: new Wrap(doc, 40), height: 2, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
    const { state } = run(narrow, ['j']);
    expect(state.top).toBe(40);
    expect(run(narrow, ['j', 'j', 'j']).state.top).toBe(80);
  });
});

describe('while busy', () => {
  const ctx = context(100);

  it('ignores keys but those that stop the wait, which stay where they are', () => {
    let state = update(initialState, ['busy', 'Reading... 10%'], null, ctx).state;
    state = run(ctx, ['j', 'G', '/'], state).state;
    expect(state).toMatchObject({ top: 0, mode: 'ground', busy: 'Reading... 10%' });
    const stopped = run(ctx, ['<C-c>'], state);
    expect(stopped.effects).toEqual([{ kind: 'stop' }]);
    expect(stopped.state).toMatchObject({ top: 0, busy: null, message: null });
    expect(run(ctx, ['j'], stopped.state).state.top).toBeGreaterThan(0);
  });

  it('suspends on ^Z, in ground mode and while busy, where the wait goes on', () => {
    expect(run(ctx, ['<C-z>']).effects).toEqual([{ kind: 'suspend' }]);
    const busy = update(initialState, ['busy', 'Reading... 10%'], null, ctx).state;
    const suspended = run(ctx, ['<C-z>'], busy);
    expect(suspended.effects).toEqual([{ kind: 'suspend' }]);
    expect(suspended.state.busy).toBe('Reading... 10%');
  });
});

describe("G's window on the end of a file still being read", () => {
  const ctx = { ...context(100), endWindow: true };

  it.each([['j'], ['d'], [' '], ['G'], ['n'], ['<Tab>'], ['/'], ['=']])('%s moves within the window', (key) => {
    expect(run(ctx, [key]).effects.filter((e) => e.kind === 'leaveEnd')).toEqual([]);
  });

  it.each([
    [['g'], ['top'], null],
    [['5', 'G'], ['bottom'], 5],
    [['%'], ['percent'], null],
    [['m'], ['mark'], null],
    [['&'], ['filter'], null],
  ])('%s leaves it for the whole file, to act there', (keys, action, count) => {
    const { state, effects } = run(ctx, keys);
    expect(effects).toEqual([{ kind: 'leaveEnd', action, count }]);
    // Nothing moved in the window: the action is done on the file's page.
    expect(state.top).toBe(0);
  });

  it('on a page that is not the window, the same keys act at once', () => {
    expect(run(context(100), ['5', 'G']).effects).toEqual([]);
  });
});

describe('a long line pasted into the search', () => {
  it('is searched at Enter, not as it is typed, past 1,000 characters', async () => {
    const { typeText, press } = await import('../src/state/state.ts');
    const ctx = context(100);
    const typing = press(initialState, '/', ctx).state;
    expect(typeText(typing, 'line 5', ctx).effects).toEqual([{ kind: 'incsearch', query: { text: 'line 5', regex: false, backward: false }, from: 0 }]);
    expect(typeText(typing, 'x'.repeat(1001), ctx).effects).toEqual([{ kind: 'incsearch', query: null, from: 0 }]);
  });
});
