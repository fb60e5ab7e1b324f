// The Markdown reader on real READMEs (samples/readmes/, see ORIGIN.md there)
// and on the forms a README reader expects: links of every kind, images,
// code left as written, headings with GitHub's anchors, lists, quotes, tables.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DefinitionIndex, MarkdownBlocks, MarkdownRenderer, Slugger, definitionKey, goesOnWithList, parse, renderMarkdown } from '../src/document/readers/markdown.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';

function render(source: string): RenderCollector {
  const sink = new RenderCollector();
  renderMarkdown(source, sink, { tableWidth: 60 });
  return sink;
}

function renderWide(source: string): RenderCollector {
  const sink = new RenderCollector();
  renderMarkdown(source, sink);
  return sink;
}

const readme = (name: string) => fs.readFileSync(new URL(`../samples/readmes/${name}`, import.meta.url), 'utf8');

describe('a real README (obug)', () => {
  const doc = render(readme('obug-README.md'));

  it('makes every reference-style badge one link to its target, shown as the image alt', () => {
    const links = doc.linkTexts();
    expect(links.slice(0, 4)).toEqual([
      { text: '[image: npm version]', href: 'https://npmjs.com/package/obug' },
      { text: '[image: npm downloads]', href: 'https://www.npmcharts.com/compare/obug?interval=30' },
      { text: '[image: JSR]', href: 'https://jsr.io/@sxzz/obug' },
      { text: '[image: Unit Test]', href: 'https://github.com/sxzz/obug/actions/workflows/unit-test.yml' },
    ]);
    expect(doc.styled('image').slice(0, 4)).toEqual(['[image: npm version]', '[image: npm downloads]', '[image: JSR]', '[image: Unit Test]']);
  });

  it('shows no markup: no definitions, no brackets of links, headings without #', () => {
    const text = doc.textContent;
    expect(text).not.toContain('[npm-version-href]');
    expect(text).not.toContain('](');
    expect(text).toMatch(/^obug\n\n/);
    expect(text).toContain('\nKey Differences from debug\n');
    expect(doc.styled('heading2')).toContain('Key Differences from debug');
  });

  it('keeps fenced code exactly as written, styled as code', () => {
    expect(doc.textContent).toContain("import { createDebug } from 'obug/ansi' // terminal / ANSI output\n");
    expect(doc.styled('codeBlock')).toContain('npm install obug');
  });

  it('lays out the table in aligned columns with a rule under the header', () => {
    const lines = renderWide(readme('obug-README.md')).textContent.split('\n');
    const header = lines.findIndex((l) => l.startsWith('Runtime ') && l.includes('│'));
    const bars = [header, header + 2, header + 3, header + 4, header + 5].map((i) => lines[i].indexOf('│'));
    expect(new Set(bars).size).toBe(1);
    expect(lines[header + 1]).toMatch(/^─+┼─+┼─+$/);
    expect(lines[header + 1].indexOf('┼')).toBe(bars[0]);
  });

  it('gives each heading its GitHub anchor', () => {
    const names = doc.anchors.map((a) => a.name);
    expect(names).toContain('key-differences-from-debug');
    expect(names).toContain('installation');
    const at = doc.anchors.find((a) => a.name === 'installation')!.offset;
    expect(doc.textContent.slice(at, at + 13)).toBe('Installation\n');
  });
});

describe('a real README (node-addon-api)', () => {
  it('makes [![NPM](png)](page) one link to the page', () => {
    const doc = render(readme('node-addon-api-README.md'));
    const npm = doc.linkTexts().filter((l) => l.text === '[image: NPM]');
    expect(npm).toEqual([
      { text: '[image: NPM]', href: 'https://nodei.co/npm/node-addon-api/' },
      { text: '[image: NPM]', href: 'https://nodei.co/npm/node-addon-api/' },
    ]);
    const badge = doc.linkTexts().find((l) => l.text === '[image: Node-API v1 Badge]');
    expect(badge?.href).toBe('https://github.com/nodejs/abi-stable-node/blob/doc/assets/Node-API%20v1%20Badge.svg');
    expect(doc.anchors.map((a) => a.name)).toContain('tests'); // <a name="tests"></a>
  });

  it('keeps a code block holding [x](y) unchanged, with no link in it', () => {
    const doc = render(readme('node-addon-api-tools-README.md'));
    const text = doc.textContent;
    const at = text.indexOf('[ClassName](const Napi::CallbackInfo& info);\n');
    expect(at).toBeGreaterThan(0);
    expect(text).toContain('[ClassName]::[ClassName](const Napi::CallbackInfo& info) : Napi::ObjectWrap<[ClassName]>(info){\n  ...\n}');
    expect(doc.links.some((l) => l.start <= at + 30 && l.end > at)).toBe(false);
  });
});

describe('links', () => {
  it('reads inline, reference, collapsed, shortcut and autolinks', () => {
    const doc = render(
      '[a](/a) [b][r] [r][] [r] <https://x.example/> www.example.com and https://bare.example/path.\n\n[r]: /ref\n',
    );
    expect(doc.linkTexts()).toEqual([
      { text: 'a', href: '/a' },
      { text: 'b', href: '/ref' },
      { text: 'r', href: '/ref' },
      { text: 'r', href: '/ref' },
      { text: 'https://x.example/', href: 'https://x.example/' },
      { text: 'www.example.com', href: 'http://www.example.com' },
      { text: 'https://bare.example/path', href: 'https://bare.example/path' },
    ]);
  });

  it('resolves a reference whose definition comes many blocks later', () => {
    const source = `See [the spec][spec].\n\n${'Filler paragraph.\n\n'.repeat(50)}[spec]: https://spec.example/\n`;
    expect(render(source).linkTexts()).toEqual([{ text: 'the spec', href: 'https://spec.example/' }]);
  });

  it('never makes links of code spans', () => {
    const doc = render('Write `[text](href)` for a link.\n');
    expect(doc.textContent).toBe('Write [text](href) for a link.\n');
    expect(doc.links).toEqual([]);
    expect(doc.styled('code')).toEqual(['[text](href)']);
  });

  it('reads <a href> in inline and block HTML, a linked <img> being one link', () => {
    const doc = render('<p align="center"><a href="https://site.example/"><img src="logo.png" alt="Logo"></a></p>\n\nSee <a href="/page">the page</a>.\n');
    expect(doc.linkTexts()).toEqual([
      { text: '[image: Logo]', href: 'https://site.example/' },
      { text: 'the page', href: '/page' },
    ]);
  });

  it('keeps two adjacent links two links that touch (the screen draws the second unlike the first)', () => {
    const doc = render('[4](#page-4)[1.1](#section-1.1)[2](#s2) [3](#s3)\n');
    expect(doc.textContent).toBe('41.12 3\n');
    expect(doc.links.map((l) => [l.start, l.end])).toEqual([[0, 1], [1, 4], [4, 5], [6, 7]]);
  });

  it("shows GitHub's alerts with their kind as a title", () => {
    const doc = render('> [!NOTE]\n> Read this.\n\n> [!unknown]\n> Stays.\n');
    expect(doc.textContent).toBe('│ Note\n│\n│ Read this.\n\n│ [!unknown] Stays.\n');
    expect(doc.styled('strong')).toEqual(['Note']);
  });

  it('right-aligns the numbers of an ordered list', () => {
    const source = Array.from({ length: 10 }, (_, i) => `${i + 1}. item ${i + 1}`).join('\n') + '\n';
    const lines = render(source).textContent.split('\n');
    expect(lines[8]).toBe(' 9. item 9');
    expect(lines[9]).toBe('10. item 10');
  });

  it('flows a paragraph: soft breaks and runs of spaces are one space, hard breaks stay', () => {
    const doc = render('This module contains  **header-only C++**\nwrappers  \nand more.\n');
    expect(doc.textContent).toBe('This module contains header-only C++ wrappers\nand more.\n');
  });

  it('shows an image as [image: alt], a link to the image', () => {
    const doc = render('![Node-API v1 Badge](https://x.example/v1.svg)\n');
    expect(doc.linkTexts()).toEqual([{ text: '[image: Node-API v1 Badge]', href: 'https://x.example/v1.svg' }]);
  });
});

describe('small marks', () => {
  it('marks <sup> and <sub> in a paragraph as the HTML reader does: ^ and _', () => {
    expect(render('E=mc<sup>2</sup> and H<sub>2</sub>O, note<sup id="r1">[1](#fn1)</sup>\n').textContent).toBe('E=mc^2 and H_2O, note^1\n');
  });

  it('styles ***both*** strong and emphasis, over the same text', () => {
    const doc = render('a ***both*** b\n');
    expect(doc.styled('strong')).toEqual(['both']);
    expect(doc.styled('emphasis')).toEqual(['both']);
  });

  it('indents a nested task item by its bullet, as a nested item: 2 columns', () => {
    expect(render('- [ ] outer\n  - [x] inner\n    - plain\n').textContent).toBe('• [ ] outer\n  ◦ [x] inner\n    ▪ plain\n');
  });
});

describe('blocks', () => {
  it('makes GitHub anchors, with -1, -2 for repeats', () => {
    const doc = render('# API\n\n## Install `it`\n\n# API\n\n# API\n\n## Ünïcode & Co.\n');
    expect(doc.anchors.map((a) => a.name)).toEqual(['api', 'install-it', 'api-1', 'api-2', 'ünïcode--co']);
    const slugger = new Slugger();
    expect(['a', 'a', 'a-1'].map((t) => slugger.slug(t))).toEqual(['a', 'a-1', 'a-1-1']);
  });

  it('draws lists with markers, nesting indented, numbers from the start given', () => {
    const doc = render('- one\n- two\n  - inner\n    continued\n- [x] done\n\n3. three\n4. four\n');
    expect(doc.textContent).toBe('• one\n• two\n  ◦ inner continued\n• [x] done\n\n3. three\n4. four\n');
    expect(doc.styled('listMarker')).toEqual(['• ', '• ', '◦ ', '• [x] ', '3. ', '4. ']);
  });

  it('draws block quotes with a bar on every line', () => {
    expect(render('> one\n>\n> two\n').textContent).toBe('│ one\n│\n│ two\n');
  });

  it('aligns table cells as the delimiter row says', () => {
    const doc = render('| left | right | mid |\n|:--|--:|:-:|\n| a | 1 | x |\n| bbbb | 22222 | yyy |\n');
    expect(doc.textContent).toBe(['left │ right │ mid', '─────┼───────┼────', 'a    │     1 │  x', 'bbbb │ 22222 │ yyy', ''].join('\n'));
  });

  it('wraps a table wider than the width in its cells', () => {
    const long = 'word '.repeat(30).trim();
    const doc = render(`| a | b |\n|---|---|\n| ${long} | ${long} |\n`);
    for (const line of doc.textContent.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('keeps code blocks exactly, blank lines and tabs included', () => {
    const code = 'a\t[b](c)\n\n\n  <d>&amp;\n';
    expect(render('```\n' + code + '```\n').textContent).toBe(code);
    expect(render('    x [y](z)\n\n    w\n').textContent).toBe('x [y](z)\n\nw\n');
  });
});

describe('MarkdownBlocks: cutting a big text into blocks', () => {
  const source = '# T\n\npara [r]\n\n```\ncode\n\n\nmore code\n```\n\n- a\n\n- b\n\n<!--\n\n-->\n\ntext\n\n[r]: /r\n';

  it('cuts at blank lines outside fences, HTML blocks and lists', () => {
    const blocks = new MarkdownBlocks(0);
    blocks.write(source);
    blocks.end();
    const all: string[] = [];
    for (let b = blocks.next(); b !== null; b = blocks.next()) all.push(b);
    expect(all.join('')).toBe(source);
    expect(all).toEqual(['# T\n\n', 'para [r]\n\n', '```\ncode\n\n\nmore code\n```\n\n', '- a\n\n- b\n\n', '<!--\n\n-->\n\n', 'text\n\n', '[r]: /r\n']);
  });

  it('gives the same blocks when fed a character at a time, and the first before the end', () => {
    const blocks = new MarkdownBlocks(0);
    const all: string[] = [];
    for (const ch of source) {
      blocks.write(ch);
      for (let b = blocks.next(); b !== null; b = blocks.next()) all.push(b);
    }
    expect(all[0]).toBe('# T\n\n');
    blocks.end();
    for (let b = blocks.next(); b !== null; b = blocks.next()) all.push(b);
    expect(all.join('')).toBe(source);
  });

  it('renders block by block as the whole renders', () => {
    const whole = render(source);
    const sink = new RenderCollector();
    const renderer = new MarkdownRenderer(sink);
    renderer.addDefinitions(source);
    const blocks = new MarkdownBlocks(0);
    blocks.write(source.slice(0, 20));
    const first = blocks.next()!;
    renderer.renderBlock(first); // the first screen: only the first block parsed
    expect(sink.textContent).toBe('T');
    blocks.write(source.slice(20));
    blocks.end();
    for (let b = blocks.next(); b !== null; b = blocks.next()) renderer.renderBlock(b);
    renderer.finish();
    expect(sink.textContent).toBe(whole.textContent);
    expect(sink.linkTexts()).toEqual([{ text: 'r', href: '/r' }]);
  });
});

describe('a long tight list', () => {
  const item = (i: number) => `\\[[\`${(i * 7919).toString(16)}\`](https://github.com/nodejs/node/commit/${i})] - **deps**: update to lexer\\@1.${i} (Guy Bedford) [#${i}](https://github.com/nodejs/node/pull/${i})`;
  const lists: [string, string][] = [
    ['bullets (Node.js changelog)', Array.from({ length: 400 }, (_, i) => `* ${item(i)}\n`).join('')],
    ['numbered 1. every time (not cut)', Array.from({ length: 200 }, (_, i) => `1. ${item(i)}\n`).join('')],
    ['numbered from 7 (not cut)', Array.from({ length: 200 }, (_, i) => `${i + 7}) ${item(i)}\n`).join('')],
    ['nested, continued and with code', Array.from({ length: 200 }, (_, i) => `- ${item(i)}\n  and on\n  - nested ${i}\n  \`\`\`\n  code ${i}\n\n  \`\`\`\n`).join('')],
  ];

  it.each(lists)('%s: renders as the whole list', (_, list) => {
    const source = `# Commits\n\n${list}\nAfter it.\n`;
    const parts = render(source);
    const whole = new RenderCollector();
    const renderer = new MarkdownRenderer(whole, { tableWidth: 60 });
    renderer.renderTree(parse(source));
    renderer.finish();
    expect(parts.textContent).toBe(whole.textContent);
    expect(parts.styles).toEqual(whole.styles);
    expect(parts.links).toEqual(whole.links);
  });

  it('is cut only while no blank line is in it, before a bullet item at the margin, and not if numbered', () => {
    const cutOf = (source: string) => {
      const blocks = new MarkdownBlocks();
      blocks.write(source);
      blocks.end();
      const cut: string[] = [];
      for (let b = blocks.next(); b !== null; b = blocks.next()) cut.push(b);
      expect(cut.join('').replace(/[\udc01-\udc03]/g, '')).toBe(source); // the marks of parts and of lists going on
      return cut;
    };
    expect(cutOf(lists[0][1]).filter(goesOnWithList).length).toBeGreaterThan(10);
    for (const source of [Array.from({ length: 300 }, (_, i) => `- ${item(i)}\n\n`).join(''), lists[1][1], lists[2][1]]) expect(cutOf(source).some(goesOnWithList)).toBe(false);
    for (const between of ['* * *\n', '# A heading\n', 'A lazy line\n']) {
      const cut = cutOf(`${lists[0][1]}${between}${lists[0][1]}`);
      // Not cut after the line between: the list after it is another.
      const after = cut.findIndex((b) => b.includes(between));
      expect(goesOnWithList(cut[after + 1])).toBe(false);
    }
  });
});

describe('a block too long to parse between keys', () => {
  it('is shown as written: a paragraph of 5,000 lines with no blank line', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} see [link ${i}](http://x.org/${i}) and *more*`);
    const out = render(`# Title\n\n${lines.join('\n')}\n\nAfter it, [a link](http://y.org/) again.\n`);
    expect(out.textContent).toContain(`${lines[0]}\n${lines[1]}\n`);
    expect(out.textContent).toContain(lines[4999]);
    // The blocks around it are parsed as usual.
    expect(out.textContent.startsWith('Title\n')).toBeTruthy();
    expect(out.textContent).toContain('After it, a link again.');
    expect(out.links.map((l) => l.href)).toEqual(['http://y.org/']);
  });

  it('is shown as written when its quotes or lists nest more than 100 deep, on one line or by indentation', () => {
    for (const deep of ['> '.repeat(10_000) + 'quoted', '- '.repeat(10_000) + 'listed', '1. '.repeat(150) + 'numbered', Array.from({ length: 120 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')]) {
      const out = render(`# Title\n\n${deep}\n\nAfter it, [a link](http://y.org/).\n`);
      expect(out.textContent).toContain(deep);
      expect(out.textContent.startsWith('Title\n')).toBeTruthy();
      expect(out.links.map((l) => l.href)).toEqual(['http://y.org/']);
    }
  });

  it('is parsed when it nests 100 deep or less', () => {
    const out = render(`${'> '.repeat(100)}deep *quote*\n\n${'- '.repeat(50)}deep item\n`);
    expect(out.textContent).toContain('deep quote');
    expect(out.textContent).not.toContain('> >');
  });

  it('is parsed when it is fenced code, however long', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `code ${i} [x](y)`);
    const out = render(`\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
    expect(out.textContent).toContain(`${lines[0]}\n`);
    expect(out.textContent).not.toContain('```');
  });
});

describe('the definitions index', () => {
  it('finds a definition in text order, first of a label winning, though a later group was parsed first for another label', () => {
    const index = new DefinitionIndex();
    index.add('[a]: /first-a\n\npara\n\n[b]: /b\n[a]: /second-a\n');
    expect(index.resolve(definitionKey('B'))?.url).toBe('/b'); // parses the second group, which defines a too
    expect(index.resolve(definitionKey('a'))?.url).toBe('/first-a');
    expect(index.resolve(definitionKey('missing'))).toBeUndefined();
    // Lines that look like a definition but are not one (a paragraph's continuation) define nothing.
    const loose = new DefinitionIndex();
    loose.add('[x]: \n\n');
    expect(loose.resolve('x')).toBeUndefined();
  });
});
