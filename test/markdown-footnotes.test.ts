// Markdown footnotes across blocks (GFM): a reference is a link to its note,
// numbered in the order of first reference; the note, where it is defined,
// ends with a link back to each reference. Checked against the HTML of
// cmark-gfm's footnote examples (test/data/gfm-footnote-examples.json), with
// GitHub's anchors (user-content-fn-x for cmark's fn:x, user-content-fnref-x-2
// for fnref:x:2), and on blocks far apart.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { renderMarkdown } from '../src/document/readers/markdown.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';
import { Document } from '../src/document/document.ts';
import { MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { noteReferencesIn } from '../src/document/readers/footnotes.ts';

interface Example {
  section: string;
  markdown: string;
  html: string;
}
const examples = (JSON.parse(fs.readFileSync(new URL('./data/gfm-footnote-examples.json', import.meta.url), 'utf8')) as { examples: Example[] }).examples;

/** cmark-gfm's ids as GitHub writes them. */
const github = (id: string) => id.replace(/^fnref:([^:]+)(?::(\d+))?$/, (_, x: string, n?: string) => `user-content-fnref-${x}${n ? `-${n}` : ''}`).replace(/^fn:/, 'user-content-fn-');

interface Expected {
  /** Each reference in order: its number as shown, the note it links to, the anchor it sets. */
  references: { text: string; href: string; anchor: string }[];
  /** Each note by anchor: its number and its back-links' hrefs and texts, in order. */
  notes: Map<string, { number: number; back: { href: string; text: string }[] }>;
}

/** What a reader of the example's HTML finds. */
function expected(html: string): Expected {
  const out: Expected = { references: [], notes: new Map() };
  const get = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
  const text = (n: T.Node): string => (n.nodeName === '#text' ? (n as T.TextNode).value : 'childNodes' in n ? (n as T.ParentNode).childNodes.map(text).join('') : '');
  let note: { number: number; back: { href: string; text: string }[] } | null = null;
  const walk = (node: T.Node) => {
    if (!('childNodes' in node)) return;
    for (const child of (node as T.ParentNode).childNodes) {
      if (!('tagName' in child)) continue;
      if (child.tagName === 'li' && get(child, 'id')?.startsWith('fn:')) {
        note = { number: out.notes.size + 1, back: [] };
        out.notes.set(github(get(child, 'id')!), note);
      }
      if (child.tagName === 'a' && get(child, 'data-footnote-backref') !== undefined) {
        // ↩ then <sup>2</sup>: lwl writes the superscript digit.
        note!.back.push({ href: `#${github(get(child, 'href')!.slice(1))}`, text: text(child).replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]) });
      } else if (child.tagName === 'a' && get(child, 'href')?.startsWith('#fn:')) {
        out.references.push({ text: `[${text(child)}]`, href: `#${github(get(child, 'href')!.slice(1))}`, anchor: github(get(child, 'id')!) });
      }
      walk(child);
    }
  };
  walk(parseFragment(html));
  return out;
}

/** What lwl's reader makes of the Markdown, in the same terms. */
function found(markdown: string): Expected & { text: string } {
  const sink = new RenderCollector();
  renderMarkdown(markdown, sink);
  const text = sink.textContent;
  const out: Expected & { text: string } = { references: [], notes: new Map(), text };
  const anchorAt = (offset: number) => sink.anchors.filter((a) => a.offset === offset).map((a) => a.name);
  const notes = sink.anchors.filter((a) => a.name.startsWith('user-content-fn-'));
  for (const link of sink.links) {
    if (link.href.startsWith('#user-content-fn-')) {
      const anchor = anchorAt(link.start).find((n) => n.startsWith('user-content-fnref-')) ?? '';
      out.references.push({ text: text.slice(link.start, link.end), href: link.href, anchor });
    }
  }
  // Each note's number: the marker on the line of its anchor (set at its text, after the marker), `[n] `; a note nothing refers to has none.
  for (const a of notes) {
    const marker = /^\[(\d+)\] /.exec(text.slice(text.lastIndexOf('\n', a.offset - 1) + 1));
    if (marker) out.notes.set(a.name, { number: Number(marker[1]), back: [] });
  }
  // Each back-link belongs to the last note that starts before it.
  for (const link of sink.links) {
    if (!link.href.startsWith('#user-content-fnref-')) continue;
    const owner = notes.filter((a) => a.offset <= link.start).at(-1)!;
    out.notes.get(owner.name)?.back.push({ href: link.href, text: text.slice(link.start, link.end) });
  }
  return out;
}

describe("cmark-gfm's footnote examples", () => {
  it.each(examples.map((e) => [e.section, e] as const))('%s: the references, numbers and back-links GitHub gives', (_, example) => {
    const want = expected(example.html);
    const got = found(example.markdown);
    expect(got.references).toEqual(want.references);
    expect(got.notes).toEqual(want.notes);
  });

  it('shows a note nothing refers to with its label, no number and no back-link, and a reference to no note as written', () => {
    const got = found(examples[0].markdown);
    expect(got.text).toContain('\n[unused] This is unused.\n');
    expect(got.text).toContain('This doesn’t have a referent[^nope].'.replace('’', "'"));
  });
});

describe('footnotes far apart', () => {
  const filler = Array.from({ length: 300 }, (_, i) => `Paragraph ${i}.\n`).join('\n');
  const source = `# Notes\n\nFirst[^b] and second[^a], then the first again[^b].\n\n${filler}\n[^a]: Note a.\n\n${filler}\n[^b]: Note b.\n`;

  /** The document a reader makes of `text` given in pieces of 500 bytes: the whole text at hand first (a file), or not (a pipe). */
  function read(text: string, whole: boolean): Document {
    const doc = new Document('notes.md');
    const reader = new MarkdownDocReader(doc, whole ? text : undefined, { parses: () => null });
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 500) {
      reader.write(bytes.subarray(at, at + 500));
      while (reader.backlog()) reader.work(Date.now() + 50);
    }
    reader.end();
    while (!doc.complete) reader.work(Date.now() + 50);
    return doc;
  }

  const linksOf = (doc: Document) => {
    const links: [string, string][] = [];
    for (let i = 0; i < doc.links.count; i++) links.push([doc.text.text(doc.links.start(i), doc.links.end(i)), doc.href(i)]);
    return links;
  };

  it('numbers them by first reference and links both ways, the notes far below', () => {
    const doc = read(source, true);
    const text = doc.text.text(0, doc.text.length);
    expect(text.split('\n')[2]).toBe('First[1] and second[2], then the first again[1].');
    expect(linksOf(doc)).toEqual([
      ['[1]', '#user-content-fn-b'],
      ['[2]', '#user-content-fn-a'],
      ['[1]', '#user-content-fn-b'],
      ['↩', '#user-content-fnref-a'],
      ['↩', '#user-content-fnref-b'],
      ['↩²', '#user-content-fnref-b-2'],
    ]);
    expect(text).toContain('\n[2] Note a. ↩\n');
    expect(text).toContain('\n[1] Note b. ↩ ↩²\n');
    // Each link's target is where the document says: the line each anchor is on (a note's is set at its text, after the marker).
    const at = (name: string) => doc.text.text(doc.text.lineStart(doc.anchors.get(name)!), doc.anchors.get(name)! + 10);
    expect(at('user-content-fn-a')).toMatch(/^\[2\] Note a/);
    expect(at('user-content-fnref-b-2')).toMatch(/^First\[1\] and second\[2\], then the first again\[1\]\./);
  });

  it('from a pipe, links a reference to a note read before it; a note further on is not known yet, as for a reference link', () => {
    const doc = read(`[^a]: Note a.\n\n${filler}\nUsed[^a], and[^later].\n\n${filler}\n[^later]: Later.\n`, false);
    const text = doc.text.text(0, doc.text.length);
    // Note a came before anything referred to it: shown by its label, as a note nothing refers to.
    expect(text.startsWith('[a] Note a.\n')).toBe(true);
    expect(text).toContain('Used[1], and[^later].');
    expect(linksOf(doc)).toEqual([['[1]', '#user-content-fn-a']]);
  });

  it('numbers a note defined before its first reference where it is defined, linking back to where the reference is', () => {
    const sink = new RenderCollector();
    renderMarkdown(`[^early]: Said first.\n\n${filler}\nThen used[^early].\n`, sink);
    expect(sink.textContent.startsWith('[1] Said first. ↩\n')).toBe(true);
    expect(sink.linkTexts()).toEqual([
      { text: '↩', href: '#user-content-fnref-early' },
      { text: '[1]', href: '#user-content-fn-early' },
    ]);
  });
});

describe('noteReferencesIn', () => {
  it('finds [^label] but not a definition at a line start, nor a label with a space', () => {
    const into = new Set<string>();
    noteReferencesIn('a[^one] b[^Two]: c\n[^def]: x\n > [^q]: y\n[^no space] [^]\n    [^code]: z', (l) => l.toLowerCase(), into);
    expect([...into]).toEqual(['one', 'two', 'code']);
  });
});
