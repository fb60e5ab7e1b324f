// The Markdown and HTML readers behind the Reader interface, writing a real
// Document: text in UTF-8 bytes, link spans with hrefs, style spans, anchors, title.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { HtmlDocReader, MarkdownDocReader } from '../src/document/readers/document-sink.ts';

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
    expect(doc.text.text(0, doc.text.length)).toBe('Café\n\nSee the spec and [x](y).\n\nCafé\n');
    expect(links(doc)).toEqual([{ text: 'the spec', href: 'https://spec.example/' }]);
    expect([...doc.anchors]).toEqual([['café', 0], ['café-1', Buffer.byteLength('Café\n\nSee the spec and [x](y).\n\n')]]);
    expect(doc.styleTable.get(doc.styles.tag(0))).toEqual({ role: 'heading', level: 1 });
    expect(doc.kind).toBe('markdown');
    expect(doc.complete).toBe(true);
  });

  it('shows a control character as a hex token, never raw', () => {
    const doc = new Document('x.md');
    const reader = new MarkdownDocReader(doc);
    reader.write(Buffer.from('a\x1b[31mb\n'));
    reader.end();
    expect(doc.text.text(0, doc.text.length)).toBe('a<1b>[31mb\n');
  });
});

describe('HtmlDocReader', () => {
  it('sniffs windows-1252, takes title, anchors, links', () => {
    const page = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><title>T\x93</title><h1 id="top">Caf', 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from(' \x80</h1><p><a href="#top">up</a></p>', 'latin1'),
    ]);
    const doc = new Document('page.html');
    const reader = new HtmlDocReader(doc);
    for (let i = 0; i < page.length; i += 5) reader.write(page.subarray(i, i + 5));
    reader.end();
    expect(doc.title).toBe('T“');
    expect(doc.text.text(0, doc.text.length)).toBe('Café €\n\nup\n');
    expect([...doc.anchors]).toEqual([['top', 0]]);
    expect(links(doc)).toEqual([{ text: 'up', href: '#top' }]);
    expect(doc.kind).toBe('html');
  });
});
