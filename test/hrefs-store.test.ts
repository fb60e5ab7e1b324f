// The hrefs a document holds itself (from a pipe, or made by the Markdown and
// HTML readers): each one reads back as it was added, however long, and
// wherever a block of the store fills up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Hrefs } from '../src/document/href-store.ts';

const add = (hrefs: Hrefs, text: string) => hrefs.addBytes(Buffer.from(text), 0, Buffer.byteLength(text));

describe('Hrefs of their own', () => {
  it('reads back hrefs that fill a block exactly, and those after them', () => {
    const hrefs = new Hrefs();
    const first = 'a'.repeat(64 * 1024 - 10);
    const ids = [add(hrefs, first), add(hrefs, 'https://ten.ex'.slice(0, 10)), add(hrefs, 'https://next.example/'), add(hrefs, 'x')];
    expect(ids.map((id) => hrefs.get(id))).toEqual([first, 'https://te', 'https://next.example/', 'x']);
  });

  it('keeps an href longer than a block (a data: URL), and those around it', () => {
    const hrefs = new Hrefs();
    const long = `data:image/png;base64,${'QUJD'.repeat(50_000)}`;
    const ids = [add(hrefs, 'https://before.example/'), add(hrefs, long), add(hrefs, 'https://after.example/'), add(hrefs, long.slice(0, 64 * 1024))];
    expect(ids.map((id) => hrefs.get(id))).toEqual(['https://before.example/', long, 'https://after.example/', long.slice(0, 64 * 1024)]);
  });

  it('reads back a thousand hrefs of every length in order', () => {
    const hrefs = new Hrefs();
    const texts = Array.from({ length: 1000 }, (_, i) => `https://h${i}.example/${'p'.repeat((i * 977) % 3000)}`);
    const ids = texts.map((t) => add(hrefs, t));
    expect(ids.map((id) => hrefs.get(id))).toEqual(texts);
  });
});

describe('markup escapes in hrefs', () => {
  it("are lwl markup's: an HTML or Markdown href keeps its backslash before a bracket", () => {
    const hrefs = new Hrefs();
    const bytes = Buffer.from('foo:a\\]b');
    const id = hrefs.addBytes(bytes, 0, bytes.length);
    expect(hrefs.get(id)).toBe('foo:a\\]b');
    hrefs.markupEscapes = true;
    expect(hrefs.get(id)).toBe('foo:a]b');
  });
});

describe('an HTML page read into a document', () => {
  it('gives an href as the attribute says, a backslash before ] and all (WPT cases only HTML can carry)', async () => {
    const { Loader, openFile } = await import('../src/input/load.ts');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-href-')), 'p.html');
    fs.writeFileSync(file, '<p><a href="foo:a&#x5c;]b">one</a> <a href="x\\(y\\)">two</a>');
    const loader = new Loader(openFile(file));
    await loader.readAll();
    expect([loader.doc.href(0), loader.doc.href(1)]).toEqual(['foo:a\\]b', 'x\\(y\\)']);
  });
});

describe('hrefs of a markup file, most found from their links', () => {
  it('read back as the same text held in memory gives them, escapes, bare URLs, controls and the last link of the file too', async () => {
    const { Loader, openFile } = await import('../src/input/load.ts');
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      () => `[a link ${Math.floor(next() * 1000)}](https://example.org/p${Math.floor(next() * 99)}) `,
      () => '[esc\\]aped \\[text\\]](x\\)y\\(z) ',
      () => 'see https://bare.example/u?q=1 then ',
      () => '[with a bare https://in.example/ url](#frag) ',
      () => '[a control \x01 in it](ctl.html) ',
      () => '[an é](ü.md)[next](n.md) ',
      () => '[](empty-text) [no href]() ',
      () => 'plain words and a line\n',
    ];
    let text = '';
    while (text.length < 300_000) text += pieces[Math.floor(next() * pieces.length)]();
    text += '[the end](last.html)';
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-href-')), 'links.lwl');
    fs.writeFileSync(file, text);
    const inFile = new Loader(openFile(file));
    await inFile.readAll();
    const inMemory = Loader.fromBytes('links.lwl', Buffer.from(text), 'markup');
    const links = (doc: typeof inFile.doc) => Array.from({ length: doc.links.count }, (_, i) => [doc.links.start(i), doc.links.end(i), doc.href(i)]);
    const expected = links(inMemory.doc);
    expect(expected.length).toBeGreaterThan(3000);
    expect(links(inFile.doc)).toEqual(expected);
    expect(expected.at(-1)![2]).toBe('last.html');
    // Only the bare URLs' and the links with a control in their text keep a place.
    expect(inFile.doc.hrefs.placesKept).toBeLessThan(expected.length / 2);
    expect(inFile.doc.hrefs.placesKept).toBeGreaterThan(0);
  });
});
