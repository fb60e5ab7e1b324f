// The Markdown and HTML readers behind the Reader interface, writing a real
// Document: text in UTF-8 bytes, link spans with hrefs, style spans, anchors, title.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { HtmlDocReader, MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { utf8Transcoder } from '../src/input/charset.ts';
import { charsetOf } from '../src/input/classify.ts';

function links(doc: Document): { text: string; href: string }[] {
  const out = [];
  for (let i = 0; i < doc.links.count; i++) out.push({ text: doc.text.text(doc.links.start(i), doc.links.end(i)), href: doc.href(i) });
  return out;
}

describe('MarkdownDocReader', () => {
  it('reads chunks into a document with links, styles and anchors at byte offsets', () => {
    const source = '# Café\n\nSee [the spec][s] and `[x](y)`.\n\n## Café\n\n[s]: https://spec.example/\n';
    const doc = new Document('README.md');
    const reader = new MarkdownDocReader(doc, source);
    const bytes = Buffer.from(source);
    for (let i = 0; i < bytes.length; i += 7) reader.write(bytes.subarray(i, i + 7)); // cuts inside é too
    reader.end();
    reader.work(Infinity); // the rendering held back past the first screen
    expect(doc.text.text(0, doc.text.length)).toBe('Café\n\nSee the spec and [x](y).\n\nCafé\n');
    expect(links(doc)).toEqual([{ text: 'the spec', href: 'https://spec.example/' }]);
    expect([...doc.anchors]).toEqual([['café', 0], ['café-1', Buffer.byteLength('Café\n\nSee the spec and [x](y).\n\n')]]);
    expect(doc.styleTable.get(doc.styles.tag(0))).toEqual({ role: 'heading', level: 1 });
    expect(doc.kind).toBe('markdown');
    expect(doc.complete).toBe(true);
  });

  it('takes the anchors of inline <a name> and <a id> tags (a changelog\'s, a README\'s), with no HTML parser for plain ones', () => {
    const source = '[Setup](#setup) and [12.22.12](#12.22.12)\n\n<a name="setup"></a>\n\n## Setup\n\n<a id="12.22.12"></a>\n\nText <a id=\'x&amp;y\'></a>after.\n';
    const doc = new Document('README.md');
    const reader = new MarkdownDocReader(doc, source);
    reader.write(Buffer.from(source));
    reader.end();
    reader.work(Infinity);
    const text = doc.text.text(0, doc.text.length);
    expect(text).toBe('Setup and 12.22.12\n\nSetup\n\nText after.\n');
    expect(doc.anchors.get('setup')).toBe(text.indexOf('Setup\n'));
    expect(doc.anchors.get('12.22.12')).toBe(text.indexOf('Text'));
    expect(doc.anchors.get('x&y')).toBe(text.indexOf('after')); // an entity: the HTML parser's to read
  });

  it('shows a control character as a hex token, never raw', () => {
    const doc = new Document('x.md');
    const reader = new MarkdownDocReader(doc);
    reader.write(Buffer.from('a\x1b[31mb\n'));
    reader.end();
    reader.work(Infinity); // the rendering held back past the first screen
    expect(doc.text.text(0, doc.text.length)).toBe('a<1b>[31mb\n');
  });
});

describe('paced rendering', () => {
  it('renders the first screen at once and holds the rest back for work(), complete only when it is done', () => {
    const paragraphs = Array.from({ length: 5000 }, (_, i) => `Paragraph ${i + 1} with [a link](https://x.example/${i + 1}).\n`).join('\n');
    const doc = new Document('big.md');
    const reader = new MarkdownDocReader(doc);
    reader.write(Buffer.from(paragraphs));
    const first = doc.text.length;
    expect(doc.text.text(0, 39)).toBe('Paragraph 1 with a link.\n\nParagraph 2 w');
    // A screen of 80x24 at least (tests have no terminal), the text's lines being short: 24 lines and more.
    expect(doc.text.text(0, first).split('\n').length).toBeGreaterThan(24);
    expect(first).toBeLessThan(paragraphs.length / 10); // far from all of it
    expect(reader.backlog()).toBe(true);
    reader.end();
    expect(doc.complete).toBe(false);
    reader.work(0); // one piece at least, whatever the clock
    expect(doc.text.length).toBeGreaterThan(first);
    reader.work(Infinity);
    expect(reader.backlog()).toBe(false);
    expect(doc.complete).toBe(true);
    expect(doc.links.count).toBe(5000);
    expect(doc.text.text(doc.text.length - 28, doc.text.length)).toBe('Paragraph 5000 with a link.\n');
  });

  it('holds HTML back in pieces the same way', () => {
    const page = '<title>Big</title>' + Array.from({ length: 20000 }, (_, i) => `<p id="p${i + 1}">Paragraph ${i + 1}</p>`).join('');
    const doc = new Document('big.html');
    const reader = new HtmlDocReader(doc);
    reader.write(Buffer.from(page));
    expect(doc.text.length).toBeLessThan(page.length / 4);
    expect(doc.title).toBe('Big');
    reader.end();
    reader.work(Infinity);
    expect(doc.complete).toBe(true);
    expect(doc.anchors.get('p20000')).toBe(doc.text.length - 'Paragraph 20000\n'.length);
  });
});

describe('HtmlDocReader', () => {
  it('reads a windows-1252 page decoded as the Loader decodes it, a few bytes at a time; takes title, anchors, links', () => {
    const page = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><title>T\x93</title><h1 id="top">Caf', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from(' \x80</h1><p><a href="#top">up</a></p>', 'latin1'),
    ]);
    const doc = new Document('page.html');
    const reader = new HtmlDocReader(doc);
    // The charset is chosen once the first 1024 bytes (here: all of them) have come.
    const decoder = utf8Transcoder((head, complete) => charsetOf('html', head, null, complete).charset);
    for (let i = 0; i < page.length; i += 5) reader.write(decoder.write(page.subarray(i, i + 5)));
    reader.write(decoder.end());
    reader.end();
    reader.work(Infinity); // the rendering held back past the first screen
    expect(doc.title).toBe('T“');
    expect(doc.text.text(0, doc.text.length)).toBe('Café €\n\nup\n');
    expect([...doc.anchors]).toEqual([['top', 0]]);
    expect(links(doc)).toEqual([{ text: 'up', href: '#top' }]);
    expect(doc.kind).toBe('html');
  });
});
