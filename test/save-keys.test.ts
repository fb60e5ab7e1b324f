// S, a and B as the state sees them: what each asks the pager for, the save
// line S types into, and the s/t/c question of a page that is not text.
import { describe, expect, it } from 'vitest';
import { pressKeys } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { initialState, update, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { Bindings, defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import type { Question } from '../src/state/types.ts';

function context(secure = false, bindings: Bindings = defaultBindings): Context {
  const doc = parseAll(new Document('t.lwl'), 'see [the file](https://example.org/f.zip)\n');
  const url = parseUrl('https://example.org/page.html');
  if (!url.ok) throw new Error('bad base');
  return { doc, rows: new Wrap(doc, 40), height: 5, links: new LinkTargets(doc, url.url), lines: new LineIndex(doc), browser: null, secure, bindings };
}

describe('S', () => {
  it('asks for what the page shown is, or the selected link', () => {
    const ctx = context();
    expect(pressKeys(ctx, ['S']).effects).toEqual([{ kind: 'saveAs', link: null }]);
    expect(pressKeys(ctx, ['n', 'S']).effects).toEqual([{ kind: 'saveAs', link: 'https://example.org/f.zip' }]);
  });

  it('types the name offered on the save line; Enter saves the target there', () => {
    const ctx = context();
    const target = { kind: 'web', url: 'https://example.org/f.zip' } as const;
    const typing = update(initialState, ['typeSave', target, 'f.zip'], null, ctx).state;
    expect(typing.mode).toBe('save');
    expect(typing.line).toEqual({ text: 'f.zip', cursor: 5 });
    const { state, effects } = pressKeys(ctx, ['<C-u>', ...'dl/', '<Enter>'], typing);
    expect(effects).toEqual([{ kind: 'download', path: 'dl/', target }]);
    expect(state.mode).toBe('ground');
    expect(state.saveTarget).toBeNull();
  });

  it("leaves less's s as it was: the input saved", () => {
    const ctx = context(false, new Bindings([], true));
    const typing = update(initialState, ['typeSave', { kind: 'text' }, 'x.txt'], null, ctx).state;
    const after = pressKeys(ctx, ['<Escape>', 's', ...'log', '<Enter>'], typing);
    expect(after.effects).toEqual([{ kind: 'save', path: 'log' }]);
  });

  it('is refused in secure mode, and so are a and B', () => {
    const ctx = context(true);
    for (const key of ['S', 'a', 'B']) {
      const { state, effects } = pressKeys(ctx, [key]);
      expect(effects).toEqual([]);
      expect(state.message).toBe(`${key} is disabled in secure mode`);
    }
  });
});

describe('a and B', () => {
  it('bookmark the page or the selected link, and open the bookmarks', () => {
    const ctx = context();
    expect(pressKeys(ctx, ['a']).effects).toEqual([{ kind: 'bookmark', link: null }]);
    expect(pressKeys(ctx, ['n', 'a']).effects).toEqual([{ kind: 'bookmark', link: 0 }]);
    expect(pressKeys(ctx, ['B']).effects).toEqual([{ kind: 'bookmarks' }]);
  });
});

describe('the question of a page that is not text', () => {
  const save = [{ kind: 'download', path: 'f.zip', target: { kind: 'web', url: 'https://example.org/f.zip' } }] as Question['yes'];
  const asked = (question: Question, ctx: Context): State => update(initialState, ['ask', question], null, ctx).state;
  const threeWay: Question = { text: '(s/t/c)', yes: [{ kind: 'showBinary', see: true }], no: [{ kind: 'showBinary', see: false }], save, noMessage: null };

  it('s saves, t and y see it, c and n cancel', () => {
    const ctx = context();
    expect(pressKeys(ctx, ['s'], asked(threeWay, ctx)).effects).toEqual(save);
    for (const key of ['t', 'y']) expect(pressKeys(ctx, [key], asked(threeWay, ctx)).effects).toEqual([{ kind: 'showBinary', see: true }]);
    for (const key of ['c', 'n']) expect(pressKeys(ctx, [key], asked(threeWay, ctx)).effects).toEqual([{ kind: 'showBinary', see: false }]);
  });

  it('a yes-or-no question takes no s or t', () => {
    const ctx = context();
    const yesNo: Question = { text: '(y/n)', yes: [{ kind: 'open', url: 'file:///x' }], no: [], noMessage: 'Not opened' };
    const { state, effects } = pressKeys(ctx, ['s', 't'], asked(yesNo, ctx));
    expect(effects).toEqual([]);
    expect(state.mode).toBe('question');
  });
});
