// The trees of simple Markdown blocks made without the parser
// (markdown-simple.ts): wherever it makes one, it is micromark's own, for
// written cases and for many random pieces made of the marks that could fool it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as md from 'mdast';
import { MarkdownBlocks, parse } from '../src/document/readers/markdown.ts';
import { simpleTree } from '../src/document/readers/markdown-simple.ts';
import { withoutPositions } from '../src/document/readers/markdown-worker.ts';
import { seeded } from './random.ts';

const parsed = (piece: string): md.RootContent[] => withoutPositions(parse(piece)).children;

/** Checks `count` random pieces (made by `piece` from a seeded pick): each simple one is the parser's tree, and at least `least` are simple (else the check means little). */
function expectParserTrees(seed: number, count: number, least: number, piece: (pick: (n: number) => number) => string): void {
  const pick = seeded(seed);
  let simple = 0;
  for (let n = 0; n < count; n++) {
    const text = piece(pick);
    const tree = simpleTree(text);
    if (tree === null) continue;
    simple++;
    expect(tree, JSON.stringify(text)).toEqual(parsed(text));
  }
  expect(simple).toBeGreaterThan(least);
}

describe('simple blocks without the parser', () => {
  it.each([
    'Some *text* with [a link](http://x.org/a) and `code` here.\n\n',
    'A paragraph\nover two lines \nand a third.   \n',
    '# A heading\nand its paragraph, **strong** and _emphasis_.\n\n\n',
    '### Heading with `code` and [a link](../other.md#part)\n',
    'snake_case_words and a * b and a _ b, (parenthesised *words*) and "*quoted*".\n',
    '`` code with ` inside `` and ` padded code ` and *it.* and **end**,\n',
    '*a*_b_ and **a.**) and x_y_z\n',
    '1.5 times, 2024 is a year; [link text](u "no") is not simple.\n',
    'Ünïcode wörds, *ünïcode*, Straße.\n',
    '[Link](http://x.org) at the start.\n',
    '**a** **b** *c* *d*, (*e*) *f*. __g__ "_h_"\n',
    '[ spaced label ](u) and [label](a*b_c)\n',
    '- a list\n- of *items*\n- and [links](u)\n',
    'Text before:\n* one\n* two\n',
    '3. three\n4. four\n',
    '1) one\n2) two\n',
    '```js meta  data\ncode\n\tindented\n\n  more\n```\n',
    '~~~\n```\n~~~~\n',
    '``` sh \n$ x\n````\n\n',
    '```\n```\n',
    '- **[Setup](#setup)**\n- **[API](#api)** and `code`\n',
    '- a\n  - nested\n    * deeper\n  - again\n- b\n - sibling\n',
    '1. one\n   1. nested\n   2. two\n2. two\n',
    '## Setup\n  - [Installation](doc/setup.md)\n  - [node-gyp](doc/node-gyp.md)\n',
    '* `globs` **{String|Array}**: One or more glob patterns.\n',
    'To run the tests\n```sh\nnpm test\n```\n',
    '![Badge](https://x.example/b.svg) and *(paren)* and *a `b` c* and **x_y**\n',
    '| a | *b* |\n|---|:---:|\n| `x` | y |\n| | [l](u) |\n',
    '| Name | Link |\n| :- | -: |\n',
    'an escape \\* here, \\[not a link](u), a \\q backslash and a stray ] bracket\n',
    '\\# not a heading\n\\- nor an item\n',
    '* \\[[`1193290f3f`](https://github.com/nodejs/node/commit/1193290f3f)] - **deps**: V8: cherry-pick (devsnek) [#42065](https://github.com/nodejs/node/pull/42065)\n',
    '[`code` and \\] text](u) and [a `]` b](v)\n',
    'a user\\@example.com address, escaped, and cjs-module-lexer\\@1.2.2\n',
    '## 2022-04-05, Version 12.22.12 \'Erbium\' (LTS), @richardlau\n',
    'More details are available at <https://www.openssl.org/news/secadv/20220315.txt>.\n',
    '* an item whose text\n  goes on over\n    more lines\n  * and a nested one\n    that goes on\n* and the next\n',
    '1. an item\n   continued\n2. next\n',
    '<a id="12.22.12"></a>\n',
    '````> q \n```` \n',
    'Some <b>bold</b>, <img src="x.png" alt=\'an image\' width=10/> and <a href="u" title="t">a link</a>, <br> and </span >\n',
    '<span class="x">text</span> at the start\n',
    '* \\[[`c05483483f`](https://github.com/nodejs/node/commit/c05483483f)] - _**Revert**_ "**src**: add test/abort build tasks" (Richard Lau & co) [#33196](https://github.com/nodejs/node/pull/33196)\n',
    '**New Enumerable Read-Only Property on EventEmitter breaks @types/extend**, and a ! and a & too\n',
  ])('%j is the parser’s tree', (piece) => {
    const tree = simpleTree(piece);
    if (tree !== null) expect(tree).toEqual(parsed(piece));
  });

  it('makes the parser’s tree of every simple piece of the READMEs, the tour and the CommonMark and GFM examples', () => {
    const examples = (file: string) => (JSON.parse(fs.readFileSync(`test/data/${file}`, 'utf8')) as { examples: { markdown: string }[] }).examples.map((e) => e.markdown);
    const readmes = fs.readdirSync('samples/readmes').filter((name) => name.endsWith('.md')).map((name) => fs.readFileSync(`samples/readmes/${name}`, 'utf8'));
    const texts = [...readmes, fs.readFileSync('samples/tour.md', 'utf8'), ...examples('commonmark-link-examples.json'), ...examples('gfm-footnote-examples.json')];
    let simple = 0;
    for (const text of texts) {
      const pieces = new MarkdownBlocks(0, false);
      pieces.write(text);
      pieces.end();
      for (let piece = pieces.next(); piece !== null; piece = pieces.next()) {
        const tree = simpleTree(piece);
        if (tree === null) continue;
        simple++;
        expect(tree, JSON.stringify(piece)).toEqual(parsed(piece));
      }
    }
    expect(simple).toBeGreaterThan(250);
  });

  it('takes the paragraphs and headings of plain prose', () => {
    for (const piece of ['Some *text* with [a link](http://x.org/a) and `code` here.\n\n', '# A heading\nand *its* paragraph.\n', 'snake_case and a * b\n']) {
      expect(simpleTree(piece)).not.toBeNull();
    }
  });

  it.each([
    '- a list item\n continued too little\n',
    '- a list item\n  - nested\n  back in the first\n',
    '- a\n  2. nested from two\n',
    '- a\n      - too deep\n',
    '- a\n  * other marker\n  - mixed\n',
    '- [ ] a task\n',
    '- a\n* b\n',
    '1. a\n2) b\n',
    'a paragraph\n2. not a list\n',
    '- a\nlazy line\n',
    '-  two spaces\n',
    '- # heading\n',
    '```\nunclosed\n',
    '```\ncode\n```\nafter\n',
    '```a`b\n```\n',
    '    indented code\n',
    '> a quote\n',
    '<div>html</div>\n',
    'a paragraph\n---\n',
    'a paragraph\n===\n',
    '[label]: http://x.org\n',
    'a [reference][label]\n',
    'an &amp; entity\n',
    'a line  \nbroken hard\n',
    'a www.example.com autolink\n',
    'an https://example.com autolink\n',
    'a user@example.com address\n',
    'a note[^1]\n',
    'a [![linked image](i.png)](u)\n',
    '~~struck~~\n',
    'a | b\n- | -\n',
    '| a | b |\n| - |\n',
    '| a | b |\n| - | - |\n| 1 |\n',
    '| a \\| b |\n| - |\n',
    '# closed heading #\n',
    '*unclosed emphasis\n',
    'intra*word*emphasis\n',
    'a paragraph\n\n    and code after a blank line\n',
    '<a id="x">\n',
    '<div>a block</div> x\n',
    'a <a\nhref="u">tag over two lines</a>\n',
  ])('leaves %j to the parser', (piece) => {
    expect(simpleTree(piece)).toBeNull();
  });

  it('makes the parser’s tree wherever it makes one, for random pieces of tricky marks', () => {
    const words = ['word', ' ', 'Other ', ' a', 'b'];
    const marks = ['é', '\n', '*', '**', '_', '__', '`', '``', '[', ']', '(', ')', '](u)', '[a](', '!', '.', ',', '#', '# ', '## ', '1. ', '- ', '"', "'", '\\', '&', '<', '>', '@', 'www.', '://', '~', '|', '  \n', ' \n', '\t', ':', '3', 'x_y', '*a*', '`c`', '[a](u)', '*', '_', '`', '**[a](u)**', '**{', '}**', '*(', ')*', '![a](i)', '*a `b` c*', '[`c`](u)', '\\[', '\\]', '\\`', '\\*', '\\_', '[a\\]b](u)', '[`a]`](u)', '\\\\', '\\ ', '<https://a.b/c>', '<ab:c*d_e>', '<a:b>', '<a@b.c>', '<x y>', 'a@b', ' @name', '\\@', 'x.y', 'www', 'http', ':', '& ', '&a', '&#', '_**a**_', '*__b__*', '**_c_**', '!', '](', '*a_b*', '<a id="x">', '</a>', '<b>', '<img src=x/>', '<a href=\'y\' t>', '< a>', '<a b=c=d>', '<x-y>'];
    expectParserTrees(27, 40000, 3000, (pick) => {
      let piece = words[pick(2)];
      const length = 1 + pick(16);
      for (let i = 0; i < length; i++) piece += pick(2) ? words[pick(words.length)] : marks[pick(marks.length)];
      return piece;
    });
  });

  it('makes the parser’s tree wherever it makes one, for random tables', () => {
    const cells = ['a', ' b ', '', '*c*', '`d`', '`e', '[f](u)', '-', ':-:', ' --- ', ':--', '--:', 'g h', '**', '\\', 'é'];
    expectParserTrees(99, 10000, 500, (pick) => {
      const columns = 1 + pick(3);
      const lines: string[] = [];
      for (let r = 0, rows = 1 + pick(4); r < rows; r++) {
        const row = Array.from({ length: columns + (pick(8) ? 0 : pick(3) - 1) }, () => (r === 1 && pick(4) ? ['-', ':-', '-:', ':-:', ' --- '][pick(5)] : cells[pick(cells.length)]));
        lines.push(`${pick(10) ? '|' : ''}${row.join('|')}${pick(10) ? '|' : ''}`);
      }
      return `${lines.join('\n')}\n`;
    });
  });

  it('makes the parser’s tree wherever it makes one, for random pieces of lines: lists, fences, headings', () => {
    const starts = ['- ', '* ', '+ ', '1. ', '2. ', '1) ', '# ', '## ', '```', '```js', '~~~', '````', '', '', '', ' ', '-  ', '[ ] ', '> ', '    ', '  - ', ' - ', '   * ', '  1. ', '   1. ', '    - ', '     - ', '      - ', '  2. ', '   - ', '10. ', '    1. ', '<a id="x"></a>', '<a id="x">', '<div>', '<b>', '<br>', '<br> ', '</a> ', '<img src=i> ', '<pre>', '<!-- ', '<https://a.b> '];
    const texts = ['word', '*a*', '`c`', '[a](u)', 'x_y', '', ' ', '```', '~~~', '- b', '1. c', 'www.', '**b**', 'é', '\\[', '<a:b>', '# h', '> q', '---', '==='];
    expectParserTrees(2027, 40000, 2000, (pick) => {
      const lines: string[] = [];
      for (let i = 0, count = 1 + pick(5); i < count; i++) lines.push(starts[pick(starts.length)] + texts[pick(texts.length)] + (pick(3) ? '' : texts[pick(texts.length)]));
      return `${lines.join('\n')}\n`;
    });
  });
});
