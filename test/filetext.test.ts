// Text that stays in its file must read back exactly as the text held in
// memory: same bytes, links and tokens, however the input is cut.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seeded } from './random.ts';
import { Document } from '../src/document/document.ts';
import { FileText } from '../src/document/filetext.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-filetext-'));

function inMemory(input: Buffer, size: number): Document {
  const doc = new Document('m');
  const parser = new MarkupReader(doc);
  for (let i = 0; i < input.length; i += size) parser.write(Buffer.from(input.subarray(i, i + size)));
  parser.end();
  return doc;
}

/** Parses a file as the loader does: one read buffer, reused for every chunk. */
function inFile(input: Buffer, size: number): Document {
  const file = path.join(dir, `input-${Math.random()}.txt`);
  fs.writeFileSync(file, input);
  const fd = fs.openSync(file, 'r');
  const doc = new Document(file, new FileText(fd));
  const parser = new MarkupReader(doc);
  const buf = Buffer.alloc(size);
  for (;;) {
    const n = fs.readSync(fd, buf, 0, size, null);
    if (n === 0) break;
    parser.write(buf.subarray(0, n));
    buf.fill(0x21); // the parser must not depend on the buffer after write()
  }
  parser.end();
  return doc;
}

function summary(doc: Document) {
  const links: string[] = [];
  for (let i = 0; i < doc.links.count; i++) links.push(`${doc.links.start(i)}-${doc.links.end(i)} ${doc.href(i)}`);
  const tokens = doc.tokens.within(0, doc.text.length).map(([s, e]) => `${s}-${e}`);
  return { text: doc.text.bytes(0, doc.text.length).toString('latin1'), links, tokens };
}

describe('text kept in the file', () => {
  it('reads back like text kept in memory', () => {
    const random = seeded(11);
    const parts = ['word ', '[a](b)', '[x [y](z) w](v)', '\\[', '\\)', '\r\n', '\r', '\x1b', '\xc2\x85', '한', '\xff', '\n', ']', '(', '\t', 'é'];
    for (let round = 0; round < 40; round++) {
      const input = Buffer.from(Array.from({ length: 50 + random(400) }, () => parts[random(parts.length)]).join(''), 'latin1');
      const size = 1 + random(64);
      expect(summary(inFile(input, size))).toEqual(summary(inMemory(input, size)));
    }
  });

  it.each([
    ['hidden hrefs and tokens', 'some text with a [link](https://example.com/a/long/href/that/is/hidden) and \x07 a bell\n'],
    ['hidden hrefs only', 'some text with a [link](https://example.com/a/long/href/that/is/hidden) and no bell\n'],
  ])('reads across blocks, with %s, at any offset', (_name, line) => {
    // Long enough for several 128 KiB blocks.
    const input = Buffer.from(line.repeat(8000));
    const file = inFile(input, 100_000);
    const memory = inMemory(input, 100_000);
    expect(file.text.length).toBe(memory.text.length);
    for (const [a, b] of [[0, 10], [131_000, 131_200], [262_140, 262_150], [file.text.length - 5, file.text.length], [5, 400_000]]) {
      expect(file.text.bytes(a, b).equals(memory.text.bytes(a, b))).toBe(true);
    }
    expect(file.text.lastIndexOf(0x0a, 300_000)).toBe(memory.text.lastIndexOf(0x0a, 300_000));
    expect(file.text.find(Buffer.from('bell\nsome'), 200_000)).toBe(memory.text.find(Buffer.from('bell\nsome'), 200_000));
    expect(file.text.bytes(0, file.text.length).equals(memory.text.bytes(0, memory.text.length))).toBe(true);
  });

  it('keeps a plain file as one piece', () => {
    const doc = inFile(Buffer.from('plain text\n'.repeat(50_000)), 65536);
    expect(doc.text.length).toBe(550_000);
    expect((doc.text as unknown as { starts: { count: number } }).starts.count).toBe(1);
  });

  it('keeps a run of tokens as one piece of the file per 32 KiB, rendered when read', () => {
    const doc = inFile(Buffer.alloc(1_000_000), 65536);
    expect(doc.text.length).toBe(4_000_000);
    expect((doc.text as unknown as { starts: { count: number } }).starts.count).toBeLessThanOrEqual(32);
    expect(doc.text.text(3_999_992, 4_000_000)).toBe('<00><00>');
    expect(doc.tokens.within(0, doc.text.length)).toEqual([[0, 4_000_000]]);
  });

  it('sees a file rewritten in place, and reads back no control byte from it', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} [link](href${i}) and a bell \x07 here\n`).join('');
    const doc = inFile(Buffer.from(lines), 1 << 20);
    const file = doc.name;
    expect(doc.text.text(0, 8)).toBe('line 0 [');
    expect(doc.changed).toBe(false);
    fs.writeFileSync(file, Array.from({ length: 40_000 }, () => '\x1b]0;PWNED\x07\x1b[2J\u009b\xff\n').join(''));
    const shown = doc.text.bytes(0, doc.text.length);
    expect(doc.changed).toBe(true);
    expect(shown.length).toBe(doc.text.length);
    expect(shown.filter((b) => b < 0x20 && b !== 0x0a && b !== 0x09)).toEqual(Buffer.alloc(0));
    expect(shown.toString('utf8')).not.toMatch(/[\x80-\x9f]/);
  });

  it('sees a file cut short', () => {
    const doc = inFile(Buffer.from('some text\n'.repeat(100_000)), 1 << 20);
    fs.truncateSync(doc.name, 500_000);
    expect(doc.text.text(999_990, 1_000_000)).toBe(' '.repeat(10));
    expect(doc.changed).toBe(true);
  });

  it('does not call a file changed that only grew', () => {
    const doc = inFile(Buffer.from('some text\n'.repeat(100_000)), 1 << 20);
    fs.appendFileSync(doc.name, 'more text\n'.repeat(1000));
    expect(doc.text.bytes(0, doc.text.length).equals(Buffer.from('some text\n'.repeat(100_000)))).toBe(true);
    expect(doc.changed).toBe(false);
  });

  it('reads a block of many long hidden hrefs in bounded pieces', () => {
    const input = Buffer.from(`[a](${'h'.repeat(60_000)})\n`.repeat(200));
    const doc = inFile(input, 1 << 20);
    expect(doc.text.text(0, doc.text.length)).toBe('[a]\n'.repeat(200));
    // 12 MB of file behind 800 bytes of text: not read in one go.
    expect((doc.text as unknown as { scratch: Buffer }).scratch.length).toBeLessThan(2 << 20);
    expect(doc.href(199)).toBe('h'.repeat(60_000));
  });
});

describe('blocks read back through the cache', () => {
  it('read the same bytes however often, after the short last block was evicted and its buffer reused', () => {
    const block = 128 * 1024;
    const input = Buffer.alloc(70 * block + 100);
    for (let i = 0; i < input.length; i++) input[i] = 0x61 + (i % 26);
    const doc = inFile(input, 1024 * 1024);
    const text = doc.text;
    const readAll = () => {
      const parts: Buffer[] = [];
      text.forEachPiece(0, text.length, (piece) => parts.push(Buffer.from(piece)));
      return Buffer.concat(parts);
    };
    text.bytes(text.length - 10, text.length); // the short last block, cached
    expect(readAll().equals(input)).toBe(true); // ...evicted on the way, its buffer kept
    expect(readAll().equals(input)).toBe(true);
  });

  it('hold 512 KiB of blocks at most, however much of the file was read through them', () => {
    const block = 128 * 1024;
    const doc = inFile(Buffer.alloc(40 * block, 0x61), 1024 * 1024);
    doc.text.forEachPiece(0, doc.text.length, () => {});
    const held = doc.text as unknown as { cache: { size: number }; spare: Buffer[] };
    expect((held.cache.size + held.spare.length) * block).toBeLessThanOrEqual(512 * 1024);
  });
});
