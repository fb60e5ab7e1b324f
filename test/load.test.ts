// The loader: a read that fails ends the document there and says why; rest()
// stops reading an input that never ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';
import { Loader, OpenError, openFile, openRegularFile, READ_AHEAD, textPieces } from '../src/input/load.ts';
import { Document } from '../src/document/document.ts';
import { MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { ReadMarks } from '../src/input/read-marks.ts';
import { HEAD_SIZE, looksBinary } from '../src/input/binary.ts';
import { Priority, Scheduler } from '../src/schedule/scheduler.ts';
import { WritingReader } from '../src/document/readers/writing-reader.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const eio = () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', syscall: 'read' });

function waitFor(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

describe('Loader', () => {
  it('reads a small first piece, and still has the first 64 KiB to tell a binary file by', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'late.bin');
    // Text first, then NULs well past the first piece read.
    fs.writeFileSync(file, Buffer.concat([Buffer.from('text\n'.repeat(6000)), Buffer.alloc(40_000), Buffer.from('more text\n'.repeat(1000))]));
    const loader = new Loader(openFile(file));
    loader.readFirst();
    expect(loader.doc.bytesRead).toBeLessThan(HEAD_SIZE);
    expect(loader.head.length).toBe(HEAD_SIZE);
    expect(loader.head).toEqual(fs.readFileSync(file).subarray(0, HEAD_SIZE));
    expect(looksBinary(loader.head, loader.complete)).toBe(true);
    loader.stop();
  });

  it('ends the document where a read fails, with the reason', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'big.txt');
    fs.writeFileSync(file, 'line\n'.repeat(200_000));
    const loader = new Loader(openFile(file));
    loader.readFirst();
    const before = loader.doc.bytesRead;
    expect(before).toBeGreaterThan(0);
    vi.spyOn(fs, 'readSync').mockImplementation(() => {
      throw eio();
    });
    let calls = 0;
    loader.start(new Scheduler(), () => calls++);
    await waitFor(() => loader.doc.complete);
    expect(loader.error).toBeInstanceOf(OpenError);
    expect(loader.error!.userMessage).toBe('Input/output error');
    expect(loader.doc.bytesRead).toBe(before);
    expect(calls).toBeGreaterThan(0);
    loader.stop();
  });

  it('throws the reason from the first read', () => {
    const loader = new Loader(openRegularFile('/proc/self/mem'));
    expect(() => loader.readFirst()).toThrow(new OpenError('/proc/self/mem', 'Input/output error'));
    loader.stop();
  });

  it('stops reading an endless device at rest(), and reads on when more is wanted', async () => {
    const loader = new Loader(openFile('/dev/zero'));
    loader.start(new Scheduler(), () => {});
    loader.want(Infinity);
    await waitFor(() => loader.doc.bytesRead > 4 * 1024 * 1024);
    loader.rest();
    // The read under way may still land; nothing after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = loader.doc.bytesRead;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loader.doc.bytesRead).toBe(stopped);
    loader.want(loader.doc.text.length);
    await waitFor(() => loader.doc.bytesRead > stopped);
    loader.stop();
  });
});

describe("a Markdown file's definitions", () => {
  it('are found wherever they are, the file read ahead in pieces that cut no definition and no character', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'far.md');
    // Over three pieces of 1 MiB, in two-byte characters; a definition over three lines across the first piece's end, one at the file's.
    const head = `See [far][] and [titled].\n\n${'Café é '.repeat(60).concat('\n\n').repeat(1933)}`;
    const across = `${'x'.repeat(1024 * 1024 - 20 - Buffer.byteLength(head))}\n\n[titled]:\n  https://titled.example/\n  "A title"\n\n`;
    const tail = `${'Café é '.repeat(60).concat('\n\n').repeat(4000)}[far]: https://far.example/\n`;
    fs.writeFileSync(file, head + across + tail);
    const size = fs.statSync(file).size;
    expect(size).toBeGreaterThan(3 * 1024 * 1024);
    const fd = fs.openSync(file, 'r');
    const pieces = [...textPieces(fd, size)];
    fs.closeSync(fd);
    // The text whole, in pieces each cut after a blank line: the three-line definition in one of them.
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(head + across + tail);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n\n')).toBe(true);
    expect(pieces.some((piece) => piece.includes('[titled]:\n  https://titled.example/\n  "A title"\n'))).toBe(true);
    // Given them, the reader resolves both references on its first screen.
    const doc = new Document('far.md');
    const reader = new MarkdownDocReader(doc, pieces);
    reader.write(Buffer.from(head.slice(0, 4096)));
    expect(Array.from({ length: doc.links.count }, (_, i) => doc.href(i))).toEqual(['https://far.example/', 'https://titled.example/']);
  });
});

describe('the Loader as a job', () => {
  it('reads at the screen\'s priority until the screen\'s text is there, then behind the line count', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'big.txt');
    fs.writeFileSync(file, 'line\n'.repeat(400_000));
    const queue: Array<() => void> = [];
    const order: string[] = [];
    // A budget no step fits in: one step of the most urgent job per turn.
    const scheduler = new Scheduler({ defer: (turn) => queue.push(turn), budget: -1 });
    const loader = new Loader(openFile(file));
    loader.readFirst(24);
    loader.start(scheduler, () => order.push(`read ${loader.doc.text.length >= 64 * 1024 ? 'screen' : 'some'}`));
    loader.want(0);
    scheduler.add({ step: () => (order.push('count'), 'more') }, Priority.lineCount);
    queue.shift()!();
    queue.shift()!();
    // First the screen's text (the first read reaches past it), then the count comes first.
    expect(order).toEqual(['read screen', 'count']);
    loader.stop();
  });
});

describe("a regular file's reads", () => {
  it('give the reader whole lines: the start of a line a read ends in waits for the next read, and counts as read; the buffer goes at the end', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'log.txt');
    // Lines that no read ends with, one longer than what is held back, and a last line with no line break.
    const lines = Array.from({ length: 30_000 }, (_, i) => `${i} ${'word '.repeat(i % 23)}`);
    lines.splice(20_000, 0, 'x'.repeat(2_500_000));
    const bytes = Buffer.from(lines.join('\n'));
    fs.writeFileSync(file, bytes);
    const given: Buffer[] = [];
    vi.spyOn(WritingReader.prototype, 'write').mockImplementation(function (this: WritingReader, chunk: Buffer) {
      given.push(Buffer.from(chunk));
      return WritingReader.prototype.writeOwned.call(this, Buffer.from(chunk));
    });
    const loader = new Loader(openFile(file));
    loader.readFirst();
    // The first reads are 4 KiB: each is read, though its last line is not parsed yet.
    expect(loader.doc.bytesRead % 4096).toBe(0);
    expect(loader.doc.text.length).toBeLessThan(loader.doc.bytesRead);
    void loader.readAll();
    expect(loader.doc.bytesRead).toBe(bytes.length);
    expect(loader.doc.text.text(0, loader.doc.text.length) === bytes.toString()).toBe(true);
    expect(Buffer.concat(given).equals(bytes)).toBe(true);
    const endingInLine = given.slice(0, -1).filter((chunk) => chunk[chunk.length - 1] !== 0x0a);
    // Only the pieces of the long line, which is not held back whole, and the last line.
    expect(endingInLine.length).toBeGreaterThan(0);
    for (const chunk of endingInLine) expect(chunk.toString()).toMatch(/x$/);
    // Read to its end, the file keeps no read buffer.
    expect((loader as unknown as { buffer: Buffer | null }).buffer).toBeNull();
    loader.stop();
  });
});

describe('reading ahead, counted in input as well as text', () => {
  const MiB = 1024 * 1024;

  it('reads a page that shows nothing no further than the read-ahead past the screen, until more is wanted', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'divs.html');
    // Nested divs and white space: nothing to show (and quick to parse).
    fs.writeFileSync(file, '<p>first</p>' + `<div>${' '.repeat(1019)}`.repeat(24 * 1024));
    const queue: Array<() => void> = [];
    const run = () => {
      while (queue.length > 0) queue.shift()!();
    };
    const loader = new Loader(openFile(file));
    loader.readFirst();
    loader.start(new Scheduler({ defer: (turn) => queue.push(turn) }), () => {});
    run();
    // The read-ahead and the piece that passed it; the text is one word.
    expect(loader.doc.bytesRead).toBeGreaterThanOrEqual(READ_AHEAD);
    expect(loader.doc.bytesRead).toBeLessThanOrEqual(READ_AHEAD + MiB);
    expect(loader.doc.text.length).toBeLessThan(100);
    const rested = loader.doc.bytesRead;
    loader.want(0);
    run();
    expect(loader.doc.bytesRead).toBe(rested);
    // G: all of it.
    loader.want(Infinity);
    run();
    expect(loader.complete).toBe(true);
    expect(loader.doc.bytesRead).toBe(fs.statSync(file).size);
    loader.stop();
  });

  it('pauses an endless stream of such a page (a web page) at the read-ahead', async () => {
    const piece = Buffer.from(`<div>${' '.repeat(1019)}`.repeat(256));
    let sent = 0;
    const stream = new Readable({
      read() {
        sent += piece.length;
        this.push(piece);
      },
    });
    const loader = new Loader({ name: 'http://example.com/', fd: -1, isFile: false, size: null, stream, kindName: '/', type: 'text/html', charset: 'utf-8' }, 'html');
    loader.start(new Scheduler(), () => {});
    await waitFor(() => loader.doc.bytesRead >= READ_AHEAD && stream.isPaused());
    expect(loader.doc.bytesRead).toBeLessThanOrEqual(READ_AHEAD + piece.length);
    // What the stream holds besides: its buffer, no more.
    expect(sent - loader.doc.bytesRead).toBeLessThanOrEqual(stream.readableHighWaterMark + piece.length);
    loader.stop();
  });

  it('marks where the text was as the input was read: a place is said to come early, never late', () => {
    const marks = new ReadMarks();
    expect(marks.inputAt(0)).toBe(0);
    expect(marks.inputAt(1)).toBeNull();
    marks.note(100, 10);
    marks.note(150, 20); // close to the last mark: one mark
    marks.note(150, 5 * MiB); // no new text
    marks.note(200, 10 * MiB);
    expect(marks.inputAt(50)).toBe(10);
    expect(marks.inputAt(150)).toBe(10);
    expect(marks.inputAt(151)).toBe(10 * MiB);
    expect(marks.inputAt(200)).toBe(10 * MiB);
    expect(marks.inputAt(201)).toBeNull();
  });
});

describe('openRegularFile', () => {
  it('refuses what is not a regular file, without opening it', () => {
    const open = vi.spyOn(fs, 'openSync');
    expect(() => openRegularFile('/dev/tty')).toThrow(new OpenError('/dev/tty', 'Not a regular file (a device)'));
    expect(() => openRegularFile(os.tmpdir())).toThrow(new OpenError(os.tmpdir(), 'Is a directory'));
    expect(() => openRegularFile('/nonexistent/x')).toThrow(new OpenError('/nonexistent/x', 'No such file or directory'));
    expect(open).not.toHaveBeenCalled();
  });
});

describe("a stream's Markdown (a pipe's, a decompressor's)", () => {
  it('shows the first blocks as they come and renders the rest in turns of a job, the stream still open', async () => {
    const blocks = Array.from({ length: 2000 }, (_, i) => `Paragraph ${i} of the piped text.\n\n`);
    let pushed = false;
    // One chunk, then nothing, and no end: a writer that holds the pipe open.
    const stream = new Readable({
      read() {
        if (!pushed) this.push(Buffer.from(`# Piped\n\n${blocks.join('')}`));
        pushed = true;
      },
    });
    const queue: Array<() => void> = [];
    const loader = new Loader({ name: '-', fd: -1, isFile: false, size: null, stream, kindName: 'x.md' }, 'markdown');
    await loader.readStart();
    const text = () => loader.doc.text.text(0, loader.doc.text.length);
    // The first screen's blocks at once; not the whole chunk.
    expect(text()).toMatch(/^Piped\n\nParagraph 0 of the piped text\./);
    expect(text()).not.toContain('Paragraph 1000 ');
    loader.start(new Scheduler({ defer: (turn) => queue.push(turn) }), () => {});
    loader.want(Infinity);
    while (queue.length > 0) queue.shift()!();
    // Rendered, but for the text after the last cut, which waits for what follows it (it may go on).
    expect(text()).toContain('Paragraph 1000 of the piped text.');
    expect(loader.complete).toBe(false);
    loader.stop();
  });
});
