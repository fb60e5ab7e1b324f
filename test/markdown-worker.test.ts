// The Markdown worker's path (blocks past the first screen parsed elsewhere,
// their trees rendered here in order) gives the same document as parsing
// every block here: text, links, styles, anchors. The worker is stood in for
// by a channel in this thread that does what the worker does (parse, drop
// positions, copy as a message would) and keeps the reader waiting every
// other time it asks; the real thread is tested end to end (e2e/markdown-worker).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { parse } from '../src/document/readers/markdown.ts';
import { slowToParse } from '../src/document/readers/markdown-parse.ts';
import { withoutPositions, type BlockParses } from '../src/document/readers/markdown-worker.ts';
import type * as md from 'mdast';

class InThreadParses implements BlockParses {
  failed = false;
  readonly sent: string[] = [];
  private readonly queue: string[] = [];
  private waited = false;

  /** `failAfter`: the worker fails once it has been sent this many texts, with none of their trees sent back. */
  constructor(private readonly failAfter = Infinity) {}

  send(text: string): void {
    this.sent.push(text);
    this.queue.push(text);
    if (this.sent.length >= this.failAfter) this.failed = true;
  }

  next(until: number): md.Root | null | undefined {
    if (this.queue.length === 0) throw new Error('a tree asked for with no text sent');
    if (this.failed) return null;
    // Every other time, not yet (only while there is time left to wait): the reader must wait its turn.
    this.waited = !this.waited;
    if (this.waited && until > Date.now()) return undefined;
    return structuredClone(withoutPositions(parse(this.queue.shift()!)));
  }
}

/** Everything a reader put in a document, to compare. */
function contents(doc: Document) {
  const end = doc.text.length;
  const links = [];
  for (let i = 0; i < doc.links.count; i++) links.push([doc.links.start(i), doc.links.end(i), doc.href(i)]);
  const styles = [];
  for (let i = 0; i < doc.styles.count; i++) styles.push([doc.styles.start(i), doc.styles.end(i), doc.styleTable.get(doc.styles.tag(i))]);
  return { text: doc.text.text(0, end), links, styles, anchors: [...doc.anchors], title: doc.title, complete: doc.complete };
}

/**
 * Reads `source` as the loader reads a file: the first pieces written (the
 * first screen rendered as they come), then work in slices, reading on only
 * when no rendering is held back. `parses`: the worker's channel, or none;
 * `allSent`: every block past the first screen's write is sent to it, not only the long ones.
 */
function read(source: string, parses: BlockParses | null, { whole = true, piece = 16 * 1024, allSent = true } = {}) {
  const doc = new Document('README.md');
  const reader = new MarkdownDocReader(doc, whole ? source : undefined, { parses: () => parses, slow: allSent ? () => true : undefined });
  const bytes = Buffer.from(source);
  let at = 0;
  let ended = false;
  for (let turns = 0; !doc.complete; turns++) {
    if (turns > 1e6) throw new Error('the document never completes');
    if (reader.backlog()) reader.work(Date.now() + 2);
    else if (at < bytes.length) reader.write(bytes.subarray(at, (at += piece)));
    else if (!ended) {
      ended = true;
      reader.end();
    }
  }
  return contents(doc);
}

const readmes = fs.readdirSync('samples/readmes').filter((name) => name.endsWith('README.md')).map((name) => path.join('samples/readmes', name)); // longer than a screen
const commonmark = (JSON.parse(fs.readFileSync('test/data/commonmark-link-examples.json', 'utf8')) as { examples: { markdown: string }[] }).examples;
const footnotes = (JSON.parse(fs.readFileSync('test/data/gfm-footnote-examples.json', 'utf8')) as { examples: { markdown: string }[] }).examples;

/** Texts of every kind: the READMEs, the tour, the CommonMark examples one after another, and blocks the parser is slow on between paragraphs. */
const texts: [string, string][] = [
  ...readmes.map((file): [string, string] => [file, fs.readFileSync(file, 'utf8')]),
  ['samples/tour.md', fs.readFileSync('samples/tour.md', 'utf8')],
  ['the CommonMark examples', commonmark.map((e) => e.markdown).join('\n\n')],
  ['the CommonMark examples in reverse', commonmark.map((e) => e.markdown).reverse().join('\n')],
  ["cmark-gfm's footnote examples, notes far from their references", footnotes.map((e) => e.markdown).join(`\n\n${'Between.\n\n'.repeat(200)}`)],
  ['a commit list cut between its items (the parts after the first go on with it)', `# Commits\n\n${Array.from({ length: 300 }, (_, i) => `* \\[[\`${i}\`](https://x.example/commit/${i})] - **fs**: a change &amp; more (Someone) [#${i}](https://x.example/pull/${i})\n`).join('')}\nAfter.\n`],
  ['slow blocks', Array.from({ length: 40 }, (_, i) => `Paragraph ${i} with [a link][l${i % 3}] and *emphasis*.\n\n${i % 10 === 9 ? `${'a] [b '.repeat(500)}\n\n` : ''}`).join('') + '[l0]: https://zero.example/\n[l1]: <https://one.example/> "One"\n'],
];

describe('Markdown parsed in a worker', () => {
  it.each(texts)('gives %s the same document as parsing it here', (_, source) => {
    const here = read(source, null);
    const parses = new InThreadParses();
    expect(read(source, parses)).toEqual(here);
    expect(parses.sent.length).toBeGreaterThan(0); // the worker's path was taken (for the long blocks)
    // Definitions taken as the text comes (a pipe), and fed in small pieces.
    const piecewise = read(source, null, { whole: false, piece: 1000 });
    expect(read(source, new InThreadParses(), { whole: false, piece: 1000 })).toEqual(piecewise);
  });

  it('parses a block here again when a definition the index missed, in a block before it, changes what it is parsed as', () => {
    // Read as a pipe, in pieces: the definition's label is cut between two, so DefinitionIndex (fed piece by piece) misses it,
    // and `See [label]` is sent before the block that defines it is rendered.
    const first = Array.from({ length: 40 }, (_, i) => `Line ${i}.\n`).join('\n');
    const source = `${first}\n[label]: https://d.example/\n\nSee [label]. ${'Long. '.repeat(1500)}\n\nMore.\n`;
    const options = { whole: false, piece: first.length + 4, allSent: false }; // as lwl does: only the long block sent
    const parses = new InThreadParses();
    const doc = read(source, parses, options);
    expect(parses.sent.filter((text) => text.startsWith('See [label].'))).toEqual([expect.not.stringContaining(']: #')]); // sent with no definition appended
    expect(doc.links).toContainEqual([expect.any(Number), expect.any(Number), 'https://d.example/']);
    expect(doc).toEqual(read(source, null, options));
  });

  it('takes a block as slow to parse when it is long or dense in marks, not a README’s table', () => {
    const table = fs.readFileSync('samples/readmes/picomatch-README.md', 'utf8').match(/\| \*\*Option\*\*[^]*?\n\n/)![0];
    expect(table.length).toBeGreaterThan(4096);
    expect(slowToParse(table)).toBe(false);
    expect(slowToParse(`${'*a '.repeat(370)}b${' a*'.repeat(370)}`)).toBe(true); // 2 KiB: 155 ms in the parser
    expect(slowToParse('Plain words. '.repeat(700))).toBe(true); // 9 KB
    expect(slowToParse('Plain words. '.repeat(600))).toBe(false);
  });

  it('parses short blocks here: a short text sends nothing to the worker', () => {
    const parses = new InThreadParses();
    const source = '# Short\n\nA [link](https://x.example/).\n\nThe end.\n';
    expect(read(source, parses, { allSent: false })).toEqual(read(source, null));
    expect(parses.sent).toEqual([]);
  });

  it('renders long blocks of plain paragraphs and headings here, with no parser: it sends the worker only the others', () => {
    const parses = new InThreadParses();
    const plain = '## Part\n\nSome *text* with [a link](http://x.org/a) and `code` here.\n\n'.repeat(1000);
    const quote = Array.from({ length: 600 }, (_, i) => `> a quote, line ${i}\n`).join(''); // over 8 KiB: slow to parse
    const source = `${plain}${quote}\n${plain}`;
    expect(read(source, parses, { allSent: false })).toEqual(read(source, null));
    expect(parses.sent).toHaveLength(1);
    expect(parses.sent[0]).toBe(`${quote}\n`);
  });

  it('sends a long block of the first screen that comes at the end of the text (after the first screen is drawn) to the worker', () => {
    const parses = new InThreadParses();
    const slow = 'a] [b '.repeat(500);
    const source = `# Title\n\n${slow}\n`;
    expect(read(source, parses, { allSent: false })).toEqual(read(source, null));
    expect(parses.sent).toEqual([`${slow}\n`]);
  });

  it('parses here what a failed worker did not send back, losing no text', () => {
    for (const failAfter of [1, 2, 5]) {
      const source = texts.find(([name]) => name === 'slow blocks')![1];
      const parses = new InThreadParses(failAfter);
      expect(read(source, parses)).toEqual(read(source, null));
      expect(parses.sent.length).toBe(failAfter);
    }
  });

  it('waits for no worker in a whole read: what was sent is parsed here', () => {
    const source = texts.find(([name]) => name === 'slow blocks')![1];
    const doc = new Document('README.md');
    const parses = new InThreadParses();
    const reader = new MarkdownDocReader(doc, source, { parses: () => parses, slow: () => true });
    reader.write(Buffer.from(source));
    reader.end();
    reader.work(Date.now() + 1000); // sends some, takes some of their trees
    expect(parses.sent.length).toBeGreaterThan(0);
    reader.work(Infinity);
    expect(contents(doc)).toEqual(read(source, null));
  });
});
