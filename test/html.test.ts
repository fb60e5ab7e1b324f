// The HTML reader: the URL Standard's HTML (shared seed), the base URL taken
// from the tree only, encodings, and the layout of every kind of element.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes as T } from 'parse5';
import { cappedParser, HtmlReader, HtmlWalker, parsedTag, parseTag, renderHtml } from '../src/document/readers/html.ts';
import { seeded } from './random.ts';
import { BlockWriter } from '../src/document/readers/layout.ts';
import { TextNodeTails } from '../src/document/readers/html-text-nodes.ts';
import { classify } from '../src/input/classify.ts';
import { utf8Transcoder } from '../src/input/charset.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';
import { Forms } from '../src/document/forms.ts';
import { Document } from '../src/document/document.ts';
import { HtmlDocReader } from '../src/document/readers/rich-readers.ts';

function render(html: string, tableWidth = 100): RenderCollector {
  const sink = new RenderCollector();
  renderHtml(html, sink, { tableWidth });
  return sink;
}

const sample = (name: string) => fs.readFileSync(new URL(`../samples/${name}`, import.meta.url));

describe('the URL Standard (test/data, from shared/seeds)', () => {
  const source = fs.readFileSync(new URL('./data/url-standard-2016-partial.html', import.meta.url), 'utf8');
  const doc = render(source);
  const tree = parse(source);

  /** Every <a href> of the tree that shows something: Bikeshed's empty self-links do not. */
  const visibleLinks: string[] = [];
  const tocHrefs: string[] = [];
  const walk = (node: T.Node, inToc: boolean) => {
    if (!('childNodes' in node)) return;
    for (const child of (node as T.ParentNode).childNodes) {
      let toc = inToc;
      if ('tagName' in child) {
        const get = (name: string) => child.attrs.find((a) => a.name === name)?.value;
        if (child.tagName === 'nav' && get('id') === 'toc') toc = true;
        const href = get('href');
        if (child.tagName === 'a' && href !== undefined && (text(child).trim() !== '' || hasImage(child))) {
          visibleLinks.push(href);
          if (toc) tocHrefs.push(href);
        }
      }
      walk(child, toc);
    }
  };
  const text = (n: T.Node): string =>
    n.nodeName === '#text' ? (n as T.TextNode).value : 'childNodes' in n ? (n as T.ParentNode).childNodes.map(text).join('') : '';
  const hasImage = (n: T.Node): boolean => ('tagName' in n && n.tagName === 'img') || ('childNodes' in n && (n as T.ParentNode).childNodes.some(hasImage));
  walk(tree, false);

  it('has its title and every visible link, in order', () => {
    expect(doc.titleText).toBe('URL Standard');
    expect(doc.links.length).toBe(386);
    expect(doc.links.map((l) => l.href)).toEqual(visibleLinks);
    expect(doc.linkTexts()[0]).toEqual({ text: '[image: WHATWG]', href: 'https://whatwg.org/' });
  });

  it('has an anchor for every entry of the table of contents, at its heading', () => {
    // The seed is the first part of the standard: its TOC names sections that are not in it.
    const present = tocHrefs.filter((href) => source.includes(`id="${href.slice(1)}"`));
    expect(present.length).toBe(14);
    const anchors = new Map(doc.anchors.map((a) => [a.name, a.offset]));
    for (const href of present) expect(anchors.has(href.slice(1)), href).toBe(true);
    const at = anchors.get('url-parsing')!;
    expect(doc.textContent.slice(at, at + 18)).toBe('4.2. URL parsing\n\n');
  });

  it('shows the table of contents as a nested list numbered once, by its own section numbers, without markup', () => {
    const t = doc.textContent;
    expect(t).toContain('\nGoals\n1 Infrastructure\n  1.1 Parsers\n');
    expect(t).toContain('\n3 Hosts (domains and IP addresses)\n  3.1 IDNA\n');
    expect(t).not.toMatch(/\d\. \d/); // no generated number before a section's own
    expect(t).not.toMatch(/<\/?[a-z]+[ >]/);
    expect(t).not.toContain('pre.idl.highlight'); // the <style> is left out
  });

  it('writes the same whole and fed in small chunks, and shows the start before the end', () => {
    const sink = new RenderCollector();
    const reader = new HtmlReader(sink);
    let startShown = -1;
    for (let i = 0; i < source.length; i += 4096) {
      reader.write(source.slice(i, i + 4096));
      if (startShown < 0 && sink.textContent.includes('Table of Contents')) startShown = i;
    }
    reader.end();
    expect(startShown).toBeGreaterThan(0);
    expect(startShown).toBeLessThan(source.length / 2);
    expect(sink.textContent).toBe(doc.textContent);
    expect(sink.links).toEqual(doc.links);
    expect(sink.anchors).toEqual(doc.anchors);
  });
});

describe('the base URL comes from the parsed tree only', () => {
  it('skips bases in comments, scripts, document.write, templates, textareas, titles and data-href', () => {
    const doc = render(sample('base-tricks.html').toString('utf8'));
    expect(doc.baseHref).toBe('https://real.example/docs/');
    expect(doc.linkTexts()).toEqual([{ text: 'a relative link', href: 'page.html' }]);
    // The textarea's text is its default value, shown in the field (and no base).
    expect(doc.textContent).toContain('[<base href="https://textarea.example/">_]');
    expect(doc.titleText).toBe('Base tricks: <base href="https://title.example/">');
  });

  it('has no base when the only one is in a script', () => {
    const doc = render('<script>document.write("<base href=\\"file:///page.html\\">")</script><a href="x">x</a>');
    expect(doc.baseHref).toBeNull();
  });
});

describe('character encodings', () => {
  /** HTML bytes as the Loader reads a file of them: classify() picks the charset, the one decoder makes it UTF-8. */
  const decodeHtml = (bytes: Buffer) => {
    const { charset } = classify({ name: 'page.html', head: bytes, headComplete: true });
    const decoder = utf8Transcoder(charset);
    return { text: Buffer.concat([decoder.write(bytes), decoder.end()]).toString('utf8').replace(/^\ufeff/, ''), encoding: charset };
  };

  it('reads a windows-1252 page by its http-equiv', () => {
    const { text, encoding } = decodeHtml(sample('windows-1252.html'));
    expect(encoding).toBe('windows-1252');
    const doc = render(text);
    expect(doc.titleText).toBe('Café “quotes”');
    expect(doc.textContent).toContain('Café crème – € 5');
    expect(doc.textContent).toContain('“Smart quotes” and … an ellipsis; menú.');
    expect(doc.linkTexts()).toEqual([{ text: 'menú', href: 'menú.html' }]);
  });

  it('reads a page in the charset of its <meta>', () => {
    const ascii = (s: string) => Buffer.from(s, 'latin1');
    const sjis = Buffer.concat([ascii('<meta charset="Shift_JIS"><p>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b])]);
    expect(render(decodeHtml(sjis).text).textContent).toBe('日本\n');
  });
});

describe('layout', () => {
  it('sets blocks apart, collapses white space and decodes entities', () => {
    const doc = render('<h1 id="top">Title</h1><p>one\n   two&amp;three&nbsp;four</p><div>a</div><div>b<br>c</div><hr><p>end</p>');
    expect(doc.textContent).toBe(`Title\n\none two&three\u00a0four\n\na\nb\nc\n\n${'─'.repeat(40)}\n\nend\n`);
    expect(doc.styled('heading1')).toEqual(['Title']);
    expect(doc.anchors).toEqual([{ name: 'top', offset: 0 }]);
  });

  it('leaves out script, style, template, hidden elements and hidden inputs', () => {
    const doc = render('<p>a<script>x()</script><style>p{}</style><template>t</template><span hidden>h</span><span style="display: none">n</span><input type="hidden" value="v">b</p>');
    expect(doc.textContent).toBe('ab\n');
  });

  it('keeps pre as is', () => {
    const doc = render('<pre>\n  a  [b](c)\n\n    d &lt;e&gt;</pre>');
    expect(doc.textContent).toBe('  a  [b](c)\n\n    d <e>\n');
    expect(doc.styled('codeBlock')).toEqual(['  a  [b](c)\n\n    d <e>']);
  });

  it('draws lists with markers and nesting, quotes with a bar, definition lists indented', () => {
    const doc = render('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol start="3"><li>x</li><li>y</li></ol><blockquote><p>q</p></blockquote><dl><dt>term</dt><dd>def</dd></dl>');
    expect(doc.textContent).toBe('• a\n  ◦ b\n• c\n\n3. x\n4. y\n\n│ q\n\nterm\n    def\n');
    expect(doc.styled('term')).toEqual(['term']);
  });

  it("gives no marker to an item that begins with its own number (span.secno) or to a list styled list-style: none", () => {
    const toc = render('<ol class="toc"><li><a href="#a"><span class="secno">1</span> A</a><ol><li><a href="#b"><span class="secno">1.1</span> B</a></ol><li>plain</ol>');
    expect(toc.textContent).toBe('1 A\n  1.1 B\n2. plain\n');
    expect(render('<ul style="color: red; list-style: none"><li>x</li></ul><ol><li style="list-style-type:none">y</li><li>z</li></ol>').textContent).toBe('x\n\ny\n2. z\n');
  });

  it('aligns table columns, with a rule under the header, and wraps wide ones', () => {
    const doc = render('<table><thead><tr><th>Name</th><th align="right">N</th></tr></thead><tbody><tr><td><a href="/x">x</a></td><td align="right">10</td></tr><tr><td>longer</td><td>2</td></tr></tbody></table>');
    expect(doc.textContent).toBe('Name   │  N\n───────┼───\nx      │ 10\nlonger │  2\n');
    expect(doc.linkTexts()).toEqual([{ text: 'x', href: '/x' }]);
    const wide = render(`<table><tr><td>${'word '.repeat(40)}</td><td>${'more '.repeat(40)}</td></tr></table>`, 50);
    for (const line of wide.textContent.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
    expect(wide.textContent.split('\n').length).toBeGreaterThan(5);
  });

  it('draws a layout table (role=presentation or none, border=0 with no <th>) with no rules, its columns apart as a data table\'s', () => {
    const expected = 'Name      N\nx        10\nlonger    2\n';
    const rows = '<tr><td>Name</td><td align="right">N</td></tr><tr><td>x</td><td align="right">10</td></tr><tr><td>longer</td><td>2</td></tr>';
    for (const open of ['<table role="presentation">', '<table role="none">', '<table border="0">', '<table border=0 role=presentation>']) {
      expect(render(`${open}${rows}</table>`).textContent).toBe(expected);
    }
    // border=0 but a header cell: data, as are tables that say nothing.
    const data = render('<table border="0"><tr><th>Name</th><th>N</th></tr><tr><td>x</td><td>10</td></tr></table>').textContent;
    expect(data).toBe('Name │ N\n─────┼───\nx    │ 10\n');
    expect(render(`<table>${rows}</table>`).textContent).toContain(' │ ');
    expect(render(`<table border="1">${rows}</table>`).textContent).toContain(' │ ');
  });

  it('marks superscripts with ^ and subscripts with _, as w3m does (E=mc^2, H_2O)', () => {
    const doc = render('<p>E=mc<sup>2</sup>, H<sub>2</sub>O, a note<sup><a href="#fn1">1</a></sup>.</p>');
    expect(doc.textContent).toBe('E=mc^2, H_2O, a note^1.\n');
    expect(doc.linkTexts()).toEqual([{ text: '1', href: '#fn1' }]);
  });

  it('shows images as alt text and form controls in the cells their values take', () => {
    const doc = render('<p><img src="a.png" alt="A cat"><img src="d.png" alt=""><img src="n.png"> <input type="text" value="hi"> <input type="checkbox" checked> <input type="submit" value="Go"> <button>Send</button> <select><option>one<option selected>two</select></p>');
    expect(doc.textContent).toBe('[image: A cat][image] [hi__________________] [x] [button: Go] [button: Send] [two]\n');
  });

  it('makes id and a name anchors, and links of <a href> only', () => {
    const doc = render('<p><a name="n1">x</a> <span id="s1">y</span> <a href="#n1">to x</a> <a>no</a></p>');
    expect(doc.anchors.map((a) => a.name)).toEqual(['n1', 's1']);
    expect(doc.linkTexts()).toEqual([{ text: 'to x', href: '#n1' }]);
  });
});

describe('deep nesting', () => {
  it('reads tables in tables 3,000 deep as their text, with their links, and still lays out the outer ones', () => {
    const deep = render(`${'<table><tr><td>'.repeat(3000)}deep <a href="http://deep.example/">link</a>${'</td></tr></table>'.repeat(3000)}`);
    expect(deep.textContent.trim()).toBe('deep link');
    expect(deep.links.map((l) => l.href)).toEqual(['http://deep.example/']);
    const two = render('<table><tr><td>a</td><td><table><tr><td>b</td><td>c</td></tr></table></td></tr></table>');
    expect(two.textContent).toBe('a │ b │ c\n');
  });

  it('indents 32 levels at most: 3,000 nested lists each with its text are 3,000 short lines, each with its marker', () => {
    const lines = render('<ul><li>x'.repeat(3_000)).textContent.trim().split('\n');
    expect(lines).toHaveLength(3_000);
    expect(lines[0]).toBe('• x');
    expect(lines[2_999]).toMatch(/^ {60,80}[•◦▪] x$/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(90);
  });

  it('reads 3,000 nested lists, quotes and divs', () => {
    for (const [open, text] of [['<ul><li>', 'listed'], ['<blockquote>', 'quoted'], ['<div>', 'divided']]) {
      expect(render(`${open.repeat(3_000)}${text}`).textContent).toContain(text);
    }
  });
});

describe('open elements capped in depth, trees let go as they are written', () => {
  /** The depth of a tree's deepest node, counted without recursion. */
  const depthOf = (root: T.Node): number => {
    let deepest = 0;
    const todo: Array<[T.Node, number]> = [[root, 0]];
    while (todo.length > 0) {
      const [node, depth] = todo.pop()!;
      deepest = Math.max(deepest, depth);
      if ('childNodes' in node) for (const c of (node as T.ParentNode).childNodes) todo.push([c, depth + 1]);
    }
    return deepest;
  };

  it('opens 512 elements at most: a start tag deeper opens beside the current element, as in a browser', () => {
    expect(depthOf(parse('<div>'.repeat(2_000)))).toBeGreaterThan(2_000);
    const capped = cappedParser().parse<DefaultTreeAdapterMap>(`${'<div>'.repeat(2_000)}deep<br><img alt=x>${'</div>'.repeat(2_000)}after`);
    // The document, html and body, then the divs: and no deeper for the void elements at the bottom.
    expect(depthOf(capped)).toBeLessThanOrEqual(512 + 1);
    const text: string[] = [];
    const walk = (n: T.Node) => (n.nodeName === '#text' ? text.push((n as T.TextNode).value) : 'childNodes' in n && (n as T.ParentNode).childNodes.forEach(walk));
    walk(capped);
    expect(text).toEqual(['deep', 'after']);
  });

  it('caps every kind of nesting, each item still shown: lists, quotes, inline elements, cells', () => {
    for (const open of ['<ul><li>', '<blockquote>', '<b>', '<span>', '<table><tr><td>', '<select><option>', '<svg><g>', '<template>']) {
      expect(depthOf(cappedParser().parse<DefaultTreeAdapterMap>(open.repeat(5_000) + 'x')), open).toBeLessThan(512 + 8);
    }
    const items = render('<ul><li>x'.repeat(5_000)).textContent.trim().split('\n');
    expect(items).toHaveLength(5_000);
    for (const item of items) expect(item).toMatch(/^ *[•◦▪] x$/);
    expect(render(`${'<blockquote>'.repeat(5_000)}quoted`).textContent).toContain('quoted');
  });

  it('lets go of the nodes it has written: a long page leaves a short tree', () => {
    const tree = parse(`<p>${'word <b>bold</b> '.repeat(1_000)}</p>${'<p>para</p>'.repeat(1_000)}`);
    const body = (tree.childNodes[0] as T.Element).childNodes[1] as T.Element;
    expect(body.childNodes.length).toBe(1_000 + 1);
    const sink = new RenderCollector();
    new HtmlWalker(new BlockWriter(sink), tree).walk(true);
    expect(sink.textContent.match(/para/g)).toHaveLength(1_000);
    expect(sink.textContent.match(/bold/g)).toHaveLength(1_000);
    expect(body.childNodes.length).toBeLessThan(100);
    expect((body.childNodes[0] as T.Element | undefined)?.childNodes.length ?? 0).toBeLessThan(100);
  });

  it('lets go of each node once written: a page read in pieces never holds more than a few of them', () => {
    const nodes = (n: T.Node): number => 1 + ('childNodes' in n ? (n as T.ParentNode).childNodes.reduce((sum, c) => sum + nodes(c), 0) : 0);
    const page = '<h2 id="s">Section</h2><p>Some <b>text</b> with <a href="x">a link</a> and <code>code</code>.</p><ul><li>item</li><li>two</li></ul>\n'.repeat(3_000);
    const sink = new RenderCollector();
    const reader = new HtmlReader(sink);
    const document = (reader as unknown as { parser: { document: T.Document } }).parser.document;
    let most = 0;
    for (let at = 0; at < page.length; at += 2048) {
      reader.write(page.slice(at, at + 2048));
      most = Math.max(most, nodes(document));
    }
    reader.end();
    expect(sink.textContent).toBe(render(page).textContent);
    // A piece holds some 200 nodes; those kept are the open ones and the text that may grow.
    expect(most).toBeLessThan(50);
  });

  it('lets go of what an element not shown holds while the parser still adds to it', () => {
    const tree = parse(`<p>shown</p><div hidden>${'<p>not shown</p>'.repeat(1_000)}`);
    const body = (tree.childNodes[0] as T.Element).childNodes[1] as T.Element;
    const hidden = body.childNodes[1] as T.Element;
    const sink = new RenderCollector();
    // The hidden div and its ancestors are still open: more may come.
    new HtmlWalker(new BlockWriter(sink), tree, {}, (n) => n === hidden || n === body || n === body.parentNode || n === tree).walk(false);
    expect(sink.textContent).toBe('shown');
    expect(hidden.childNodes.length).toBeLessThan(100);
  });

  it('reads a page in pieces as it does whole when elements nest past the depth', () => {
    const page = `${'<ul><li>item <a href="/l">link</a> '.repeat(1_500)}<table><tr><td>cell</td></tr></table>${'<blockquote>q '.repeat(700)}`;
    const whole = render(page);
    const sink = new RenderCollector();
    const reader = new HtmlReader(sink);
    for (let at = 0; at < page.length; at += 1000) reader.write(page.slice(at, at + 1000));
    reader.end();
    expect(sink.textContent).toBe(whole.textContent);
    expect(sink.links).toEqual(whole.links);
  });
});

describe('big tables', () => {
  it('lays out a table of 10,000 cells in columns, and reads one of more as its text', () => {
    const table = (rows: number) => `<table>${`<tr>${'<td>cell</td>'.repeat(10)}</tr>`.repeat(rows)}</table>`;
    expect(render(table(1000)).textContent.split('\n')[0]).toBe(Array(10).fill('cell').join(' │ '));
    const flowed = render(table(1001)).textContent;
    expect(flowed).not.toContain('│');
    expect(flowed.match(/cell/g)).toHaveLength(10_010);
  });
});

describe('a long token fed in chunks (a comment, a tag, an attribute of megabytes)', () => {
  /** Renders `html` fed in pieces of `size`; also the most input the tokenizer held after any piece. */
  function inPieces(html: string, size: number): { sink: RenderCollector; held: number } {
    const sink = new RenderCollector();
    const reader = new HtmlReader(sink);
    const tokenizer = (reader as unknown as { parser: { tokenizer: { preprocessor: { html: string } } } }).parser.tokenizer;
    let held = 0;
    for (let i = 0; i < html.length; i += size) {
      reader.write(html.slice(i, i + size));
      held = Math.max(held, tokenizer.preprocessor.html.length);
    }
    reader.end();
    return { sink, held };
  }
  // Character references and CR LF pairs all through, so that pieces end inside them.
  const filler = (n: number) => 'ab&amp;c\r\nd&#x41;e&notin;f&CounterClockwiseContourIntegral;g\r'.repeat(n);
  const cases: Array<[string, string]> = [
    ['a comment', `<p>before<!--${filler(20_000)}-->after</p>`],
    ['an attribute value', `<p><a href="x${filler(20_000)}">the link</a> after</p>`],
    ['an unquoted attribute value', `<p><a href=x${filler(20_000).replace(/\s/g, '_')}>the link</a> after</p>`],
    ['a title text', `<title>${filler(20_000)}</title><p>after</p>`],
  ];

  it.each(cases)('%s: the same as read whole, at any piece size, holding no more than a few pieces', (_, html) => {
    const whole = render(html);
    for (const size of [4096, 4099, 65_536]) {
      const { sink, held } = inPieces(html, size);
      expect(sink.textContent).toBe(whole.textContent);
      expect(sink.links).toEqual(whole.links);
      expect(sink.titleText).toBe(whole.titleText);
      expect(held).toBeLessThan(200_000 + 2 * size);
    }
  });

  it("a tag's and an attribute's name of a megabyte: cut, the element still unknown, the text after it kept", () => {
    const html = `<p>before <x${'y'.repeat(1_000_000)} ${'z'.repeat(1_000_000)}=1>inside</x> after</p>`;
    const { sink, held } = inPieces(html, 4096);
    expect(sink.textContent).toBe(render(html).textContent);
    expect(sink.textContent).toContain('before inside after');
    expect(held).toBeLessThan(300_000);
  });
});

describe('a huge block fed in pieces (a paragraph, a <pre>, an unclosed <script> of megabytes)', () => {
  /** The text the parser's tree holds: every text node's, and any piece not yet joined onto one. */
  function treeText(node: T.Node): number {
    let n = 0;
    if (node.nodeName === '#text') n += (node as T.TextNode).value.length + ((node as { tail?: string[] }).tail?.join('').length ?? 0);
    for (const child of 'childNodes' in node ? (node as T.ParentNode).childNodes : []) n += treeText(child);
    return n;
  }
  /** Renders `html` fed in pieces as the document reader feeds it; also the most text the tree held after any piece. */
  function streamed(html: string, size = 16 * 1024): { sink: RenderCollector; held: number } {
    const sink = new RenderCollector();
    const reader = new HtmlReader(sink);
    const document = (reader as unknown as { parser: { document: T.Document } }).parser.document;
    let held = 0;
    for (let i = 0; i < html.length; i += size) {
      reader.write(html.slice(i, i + size));
      held = Math.max(held, treeText(document));
    }
    reader.end();
    return { sink, held };
  }
  const cases: Array<[string, string]> = [
    ['a paragraph', `<p>${'word '.repeat(400_000)}`],
    ['a paragraph closed, and text after it', `<p>${'some words\tand  more\n'.repeat(100_000)}</p><p>after</p>`],
    ['a pre', `<pre>\n${'a line  of text\n'.repeat(100_000)}`],
    ['a pre with a line split across pieces', `<pre>${'x'.repeat(16_380)}\n${'an odd line\r\n'.repeat(50_000)}</pre>after`],
    ['an unclosed script', `<p>before</p><script>${'var a = 1;\n'.repeat(200_000)}`],
    ['an unclosed style in a hidden element', `<p>before</p><div hidden><style>${'p { color: red }\n'.repeat(100_000)}`],
  ];

  it.each(cases)('%s: written as it is whole, the tree holding no more than a few pieces of its text', (_, html) => {
    const whole = render(html);
    const { sink, held } = streamed(html);
    expect(sink.textContent).toBe(whole.textContent);
    expect(sink.styles).toEqual(whole.styles);
    expect(held).toBeLessThan(64 * 1024);
  });

  it('keeps the whole of a long growing text in a button and a label, which read it again at their end', () => {
    const words = 'press here '.repeat(5_000);
    const html = `<form><label>${words}<input name=a></label><button>${words}</button></form>`;
    const fieldsOf = (fed: (reader: HtmlReader) => void) => {
      const forms = new Forms();
      const reader = new HtmlReader(new RenderCollector(), { forms });
      fed(reader);
      reader.end();
      return forms.fields.map((f) => f.label);
    };
    const whole = fieldsOf((reader) => reader.write(html));
    expect(whole).toEqual([words.trim(), words.trim()]);
    expect(fieldsOf((reader) => { for (let i = 0; i < html.length; i += 4096) reader.write(html.slice(i, i + 4096)); })).toEqual(whole);
  });
});

describe('text nodes grown in pieces (html-text-nodes.ts)', () => {
  it('joins the pieces of a write onto their node at the fold, fostered ones before their table too', () => {
    const tails = new TextNodeTails();
    const adapter = { ...defaultTreeAdapter, insertText: tails.insertText, insertTextBefore: tails.insertTextBefore };
    const parser = new (cappedParser())({ treeAdapter: adapter });
    parser.tokenizer.write('<p>one two  three</p><table>fost ered<tr><td>cell</td></tr></table>', true);
    const body = parser.document.childNodes[0] as T.Element;
    const texts = (node: T.Node): string[] =>
      node.nodeName === '#text' ? [(node as T.TextNode).value] : 'childNodes' in node ? (node as T.ParentNode).childNodes.flatMap(texts) : [];
    // Before the fold each node holds its first piece only.
    expect(texts(body)).toEqual(['one', 'fost', 'cell']);
    tails.fold();
    expect(texts(body)).toEqual(texts(parse('<p>one two  three</p><table>fost ered<tr><td>cell</td></tr></table>')));
  });
});

describe('the HTML document reader', () => {
  it('reads a megabyte chunk of multi-byte text whole, whichever byte its pieces are cut at', () => {
    // 3-byte characters, and a 4-byte one every so often: pieces of the chunk end inside them.
    const words = Array.from({ length: 40_000 }, (_, i) => (i % 7 === 0 ? '𝄞€' : '€€')).join(' ');
    const page = `\ufeff<p>${words}</p><p>end</p>`;
    const doc = new Document('page.html');
    const reader = new HtmlDocReader(doc);
    reader.write(Buffer.from(page));
    reader.end();
    reader.work(Infinity);
    expect(doc.text.text(0, doc.text.length)).toBe(`${words}\n\nend\n`);
  });
});

describe('an inline tag in markdown', () => {
  const shown = (el: ReturnType<typeof parseTag>) => el && { tagName: el.tagName, attrs: el.attrs.map(({ name, value }) => ({ name, value })) };
  const asParsed = (tag: string) => shown(parsedTag(tag));

  it.each(['<a id="12.22.12">', '<A HREF=u.html Title=\'T\'>', '<img src=a.png alt="An image" width=10/>', '<a id=x id=y name="n">', '<br>', '<span\nclass="c">', '<a href=x/>', '<a id="&amp;">', '<td>', '<image src=i>', '</a>'])('%j reads as the parser reads it', (tag) => {
    expect(shown(parseTag(tag))).toEqual(asParsed(tag));
  });

  it('reads random tags as the parser reads them', () => {
    const pick = seeded(2712);
    const names = ['a', 'A', 'img', 'span', 'b', 'br', 'td', 'x-y', 'image', 'p'];
    const attrs = [' id="x"', " alt='a b'", ' href=u', ' ID=y', ' a', '\nb=c', ' c = "d"', ' src=a/b', " t='\"'", ' e="&lt;"', ' f=g&h', ' id=z'];
    for (let n = 0; n < 5000; n++) {
      let tag = `<${names[pick(names.length)]}`;
      for (let i = pick(4); i > 0; i--) tag += attrs[pick(attrs.length)];
      tag += ['>', '/>', ' >', '\n>'][pick(4)];
      expect(shown(parseTag(tag)), tag).toEqual(asParsed(tag));
    }
  });
});
