// Link reference definitions found ahead of rendering (DefinitionIndex): the
// plainest one-line forms are read without the parser; each answer must be
// the parser's own.
import { describe, expect, it } from 'vitest';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type * as md from 'mdast';
import { DEFINITION_START, DefinitionIndex, definitionKey, type Definition } from '../src/document/readers/markdown.ts';
import { seeded } from './random.ts';

/** The definitions the parser finds in the whole text, first of a label winning. */
function parsed(source: string): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const tree = fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  for (const node of tree.children as md.Nodes[]) {
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, { url: node.url, title: node.title ?? null });
  }
  return found;
}

/** What the index resolves for every label the text seems to define (`[label]:` at a line's start). */
function resolved(source: string): Map<string, Definition> {
  const index = new DefinitionIndex();
  index.add(source);
  const found = new Map<string, Definition>();
  for (const m of source.matchAll(new RegExp(DEFINITION_START.source, 'gm'))) {
    const key = definitionKey(m[1]);
    const definition = found.has(key) ? undefined : index.resolve(key);
    if (definition) found.set(key, definition);
  }
  return found;
}

describe('DefinitionIndex', () => {
  it('finds what the parser finds, in plain forms and in those only the parser reads', () => {
    const forms = [
      '[a]: https://a.example/',
      '[Label  Two]: /two "Title"',
      "[x]: <with space> 'single'",
      '[p]: /p (paren title)',
      '[empty]: <>',
      '   [indented]: /i',
      '[esc]: /u\\*v',
      '[ent]: /u&amp;v',
      '[paren]: /a(b)c',
      '[bad]: /a(b',
      '[t]: /t "title\\"quoted"',
      '[ ]: /blank-label',
      '[ÄÖ]: /umlaut',
      '[two]:\n  /next-line',
      '[tail]: /x "t" trailing',
    ];
    const pick = seeded(23);
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + pick(6) }, () => forms[pick(forms.length)].replace(/\[([^\]]*)\]/, (_, l: string) => `[${l}${pick(3)}]`));
      const source = `${lines.join(pick(2) ? '\n' : '\n\n')}\n`;
      expect(resolved(source), source).toEqual(parsed(source));
    }
  });

  it('reads 20,000 plain definitions, one after another, to the last', () => {
    const source = Array.from({ length: 20_000 }, (_, i) => `[${i}]: http://x.example/${i}`).join('\n');
    const found = resolved(source);
    expect(found.size).toBe(20_000);
    expect(found.get('19999')).toEqual({ url: 'http://x.example/19999', title: null });
  });
});
