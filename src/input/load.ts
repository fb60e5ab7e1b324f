// Reading the input into a Document as it arrives: a first piece at once, so
// the first screen never waits for the whole file, then the rest in the
// background between keys.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Kind } from '../document/readers/kind-names.ts';
import { isRendered, readerFor } from '../document/readers/kinds.ts';
import type { Reader } from '../document/reader.ts';
import { Document } from '../document/document.ts';
import { FileText } from '../document/filetext.ts';
import { HEAD_SIZE } from './binary.ts';
import { utf8Transcoder, type Utf8Transcoder } from './charset.ts';
import { charsetOf, classify } from './classify.ts';
import { DecompressError, decompressing, innerName } from './decompress.ts';
import { BUDGET_MS, Priority, type Handle, type Scheduler, type Step } from '../schedule/scheduler.ts';
import { OpenError, reason, type Source } from './source.ts';
import { ReadMarks } from './read-marks.ts';
import { pipeStream } from './read-some.ts';

export { OpenError, openFile, openRegularFile, openStdin, reason, type Source } from './source.ts';

/** Read a piece at a time before the first screen: a screen of wrapped text is a few KiB; longer lines fill in as the rest is read, a moment later. */
const FIRST_READ = 4 * 1024;
/**
 * The first pieces are read until there are a screen's line breaks and one
 * more (the caller says how many rows the screen has); for a rendered kind
 * (Markdown, HTML), whose source lines make fewer rows and whose blocks must
 * end to be shown, until there are this many,
 */
const RENDERED_FIRST_LINES = 256;
/** or this much is read. */
const FIRST_READ_MOST = 256 * 1024;
/** Read per call afterwards from a pipe, whose text keeps the buffers it is read into. */
const CHUNK = 1024 * 1024;
/** Read per call afterwards from a regular file, into one buffer reused: what it holds is parsed, then gone. */
const FILE_CHUNK = 256 * 1024;
/**
 * A read of a regular file that ends inside a line holds back that line's
 * start, up to this much, in the read buffer for the next read: the reader is
 * given whole lines, and has no piece of a line to carry over (and copy with
 * the next chunk, a megabyte of garbage per chunk of a log).
 */
const HOLD_MOST = 64 * 1024;
/**
 * Read ahead of the screen: enough that paging never waits, little enough
 * that a huge file costs nothing until asked for. Counted in text, and in
 * input from where the screen's text came: a page that shows little (or
 * nothing) is read no further for that.
 */
export const READ_AHEAD = 16 * 1024 * 1024;
/** Text past the screen's top that the screen may show: read before the work that can wait (counting, reading ahead). */
const SCREEN_TEXT = 64 * 1024;
/** How often a followed file is looked at for growth. */
const FOLLOW_POLL_MS = 200;

/** The line breaks in `bytes`, counted up to `most`. */
function countLineBreaks(bytes: Uint8Array, most: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0 && count < most; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}

/** The first bytes of a regular file, read where they are (the reading itself starts at 0 later); none for a pipe. */
function firstBytes(source: Source): Buffer {
  if (!source.isFile) return Buffer.alloc(0);
  const head = Buffer.alloc(1024);
  try {
    return head.subarray(0, fs.readSync(source.fd, head, 0, head.length, 0));
  } catch {
    return Buffer.alloc(0);
  }
}

/** Markdown read from a file is read whole up to this size first, so that references find definitions further on. */
const WHOLE_MARKDOWN = 16 * 1024 * 1024;

function wholeSmallFile(source: Source): Iterable<string> | undefined {
  if (!source.isFile || source.size === null || source.size > WHOLE_MARKDOWN) return undefined;
  return textPieces(source.fd, source.size);
}

/** A whole file is read ahead this much at a time: 10 MB decoded at once was a string of 20 MB. */
const WHOLE_PIECE = 1024 * 1024;

/**
 * A file's text from its start (not moving its offset), in pieces of about
 * WHOLE_PIECE cut after a blank line where there is one (after a line's end
 * if not), so that no definition is cut between two; a read error ends it.
 */
export function* textPieces(fd: number, size: number): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  const buf = Buffer.allocUnsafe(Math.min(size, WHOLE_PIECE));
  let carried = '';
  for (let at = 0; at < size; ) {
    let read: number;
    try {
      read = fs.readSync(fd, buf, 0, Math.min(buf.length, size - at), at);
    } catch {
      break;
    }
    if (read === 0) break;
    at += read;
    const text = carried + decoder.decode(buf.subarray(0, read), { stream: true });
    const cut = text.lastIndexOf('\n\n') + 2 || text.lastIndexOf('\n') + 1;
    carried = text.slice(cut);
    if (cut > 0) yield text.slice(0, cut);
  }
  const rest = carried + decoder.decode();
  if (rest.length > 0) yield rest;
}

/** A read that failed, as an OpenError (the source's name and the reason in words). */
export function readError(source: Source, err: unknown): OpenError {
  const name = source.fd === 0 || source.name === '-' ? 'standard input' : source.name;
  return new OpenError(name, err instanceof DecompressError ? err.message : reason(err as NodeJS.ErrnoException));
}

/**
 * Reads into `buf` from a descriptor, blocking: 0 at the end. A non-blocking
 * one that has nothing yet is asked again; a tty's EOF error is the end.
 */
export function readBlocking(fd: number, buf: Buffer): number {
  for (;;) {
    try {
      return fs.readSync(fd, buf);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EOF') return 0;
      if (code !== 'EAGAIN') throw err;
    }
  }
}

export class Loader {
  private readonly parser: Reader;
  /** Turns the input's bytes into UTF-8 for the reader; null when they are UTF-8 already (a file's text is then the file's bytes). */
  private readonly decoder: Utf8Transcoder | null;
  /** The text shown is rendered from the input (Markdown, HTML), not the input's own bytes. */
  private readonly rendered: boolean;
  private stopped = false;
  private closed = false;
  /** The input has ended (a growing file or pipe may go on when followed). */
  private atEnd = false;
  /** A pipe's read is under way, or a followed file waits to be looked at again. */
  private reading = false;
  /** Reads a regular file a slice at a time, once start() gave the scheduler. */
  private scheduler: Scheduler | null = null;
  private job: Handle | null = null;
  /** Read at the screen's priority until the text is this long: the screen (or a key) waits for it. */
  private needed = 0;
  /** Keep reading past the end, as the input grows (F). */
  private tailing = false;
  /** Following by name (--follow-name): each look at the file's end also looks at what its name names. */
  private byName = false;
  /** Followed by name, the file was found replaced (its name names another file) or cut shorter: it is to be read again. */
  replaced = false;
  /** Read until the text is this long, then rest until more is wanted, */
  private wanted = READ_AHEAD;
  /** or until READ_AHEAD more of the input than had been read when the text reached this offset (the screen's top). */
  private wantedFrom = 0;
  /** How far the input was read as the text grew, for wantedFrom. */
  private readonly marks = new ReadMarks();
  private onData: () => void = () => {};
  /** Called, once each, when more of a stream's text has arrived or it has ended (for readStart, readMore, readAll). */
  private waiters: (() => void)[] = [];
  /** The first HEAD_SIZE bytes of the text, as read (allocated with the first of them). */
  private headBytes: Buffer | null = null;
  private headLength = 0;
  /** Why reading stopped before the end, if it failed: the document ends there. */
  error: OpenError | null = null;

  /** The buffer each read of a file goes into: the text stays in the file, so it is reused; let go at the file's end (see readBuffer). */
  private buffer: Buffer | null = null;
  /** Bytes at the read buffer's start held back from the last read (see HOLD_MOST): the next read goes after them. */
  private held = 0;
  readonly doc: Document;

  readonly source: Source;
  /** What closing the document runs (LESSCLOSE), until it has run. */
  private onClose: (() => void) | undefined;

  /**
   * A document for the source: its text stays in the file for a regular file,
   * which can be read again, and is held in memory for a pipe or a compressed
   * file, which cannot. Throws OpenError if a compressed file cannot be
   * decompressed (its command is missing).
   */
  constructor(source: Source, kind: Kind | null = null) {
    // A decompressor's source takes the place of the file's: what closing it runs is the file's.
    this.onClose = source.onClose;
    try {
      source = decompressing(source);
    } catch (err) {
      if (err instanceof DecompressError) throw readError(source, err);
      throw err;
    }
    this.source = source;
    // Kind and charset, decided once; a pipe's or a decompressor's charset may wait for more of its first bytes.
    const head = source.head ?? firstBytes(source);
    const described = { name: source.kindName ?? innerName(source.name), head, headComplete: source.isFile, type: source.type, charset: source.charset };
    const { kind: chosen, charset } = classify(described, kind);
    const later = (more: Buffer, complete: boolean) => charsetOf(chosen, more, source.charset, complete).charset;
    this.decoder = charset === 'utf-8' ? null : utf8Transcoder(charset ?? later);
    // A rendered kind's text, or a decoded one, is not the file's bytes: it is held in memory.
    this.rendered = isRendered(chosen);
    const inFile = source.isFile && !this.rendered && this.decoder === null;
    this.doc = new Document(source.name, inFile ? new FileText(source.fd) : undefined);
    this.parser = readerFor(chosen, this.doc, chosen === 'markdown' && this.decoder === null ? wholeSmallFile(source) : undefined);
    this.doc.bytesTotal = source.size;
    if (source.head && source.head.length > 0) this.received(source.head);
    if (source.stream) this.listen(source.stream);
    // A pipe read as a stream from its first bytes (firstBytesOfPipe): the stream closes the descriptor.
    if (source.stream && source.fd >= 0) this.closed = true;
  }

  /** A document made by lwl itself (the help screen), whole from the start. */
  static fromText(name: string, text: string): Loader {
    const loader = new Loader({ name, fd: -1, isFile: false, size: null, head: Buffer.from(text) }, 'markup');
    loader.ended();
    return loader;
  }

  /** A document of bytes already read (the window at a file's end that G shows first), whole from the start. */
  static fromBytes(name: string, bytes: Buffer, kind: Kind): Loader {
    const loader = new Loader({ name, fd: -1, isFile: false, size: null, head: bytes }, kind);
    loader.ended();
    return loader;
  }

  /**
   * The last `window` bytes of a regular file, or a little less: from the
   * start of a line, so that they read as the whole file's end reads. Null if
   * the file is not regular, or there is no line start in the window.
   */
  readEnd(window: number): { bytes: Buffer; fileStart: number } | null {
    const { fd, size, isFile, stream } = this.source;
    if (!isFile || stream || this.decoder || size === null || fd < 0 || size <= window) return null;
    const buf = Buffer.allocUnsafe(window);
    let n: number;
    try {
      n = fs.readSync(fd, buf, 0, window, size - window);
    } catch {
      return null;
    }
    const nl = buf.subarray(0, n).indexOf(0x0a);
    if (nl < 0 || nl + 1 >= n) return null;
    return { bytes: Buffer.from(buf.subarray(nl + 1, n)), fileStart: size - window + nl + 1 };
  }

  /** Reads the first piece synchronously (regular files only); throws OpenError if the file cannot be read. */
  readFirst(screenRows = RENDERED_FIRST_LINES): void {
    if (this.source.isFile) {
      // Pieces until a screen's worth of lines is read (or FIRST_READ_MOST): a file of long lines shows whole rows at once, not the end's `~`.
      const wanted = this.rendered ? RENDERED_FIRST_LINES : screenRows + 1;
      let lines = 0;
      do {
        const n = this.readSome(FIRST_READ);
        if (n === null) break;
        lines += countLineBreaks(this.readBuffer.subarray(this.held, this.held + n), wanted);
        this.take(n, FIRST_READ);
      } while (!this.atEnd && lines < wanted && this.doc.bytesRead < FIRST_READ_MOST);
      this.topUpHead();
    }
    if (this.error) throw this.error;
  }

  /** The head is HEAD_SIZE bytes when the file has them, for telling a binary file, though the first piece read is smaller. */
  private topUpHead(): void {
    // A decoded text's head is what it decoded to, not the file's bytes.
    if (this.atEnd || this.error || this.decoder || this.headLength >= HEAD_SIZE) return;
    this.headBytes ??= Buffer.allocUnsafe(HEAD_SIZE);
    try {
      this.headLength += fs.readSync(this.source.fd, this.headBytes, this.headLength, HEAD_SIZE - this.headLength, this.headLength);
    } catch {
      // The reading proper says what went wrong.
    }
  }

  /**
   * Reads the first piece, waiting for it: a regular file's first pieces (a
   * screen of `screenRows` rows' worth of lines, see readFirst),
   * a compressed input's first piece of text (as much as decompressed from
   * what had arrived); a pipe's are those that arrived before the Loader was
   * made (`source.head`). Throws OpenError if none could be read.
   */
  async readStart(screenRows = RENDERED_FIRST_LINES): Promise<void> {
    if (this.source.stream) {
      if (!this.atEnd && this.headLength === 0) await this.moreOfStream();
    } else {
      this.readFirst(screenRows);
    }
    if (this.error && this.doc.bytesRead === 0) throw this.error;
  }

  /** The first bytes of the text as read (HEAD_SIZE at most), for telling a binary file. */
  get head(): Buffer {
    return this.headBytes === null ? Buffer.alloc(0) : this.headBytes.subarray(0, this.headLength);
  }

  /** The kind the name and the first bytes say, whatever was declared or chosen (K from plain reads it so). */
  get contentKind(): Kind {
    return classify({ name: this.source.kindName ?? innerName(this.source.name), head: this.head }).kind;
  }

  /** The input has ended, and all of it is read (and rendered). */
  get complete(): boolean {
    return this.atEnd && !this.backlog;
  }

  /** The reader holds back rendering (Markdown or HTML past the first screen), done in slices by fileStep, or renderStep for a stream. */
  private get backlog(): boolean {
    return this.parser.backlog?.() ?? false;
  }

  /**
   * What the reader holds back is rendered in slices by a job, not all at once
   * as it comes: a file's, a pipe's and a decompressor's. A web page's is
   * rendered as it comes, a piece of the network's at a time, and a text lwl
   * made itself (the help, G's end window) whole.
   */
  private get paced(): boolean {
    return this.source.fd >= 0 || (this.source.stream !== undefined && this.source.type === undefined);
  }

  /** Reads the rest in the background, as far as wanted (a regular file in jobs of `scheduler`), calling `onData` after each piece. */
  start(scheduler: Scheduler, onData: () => void): void {
    this.scheduler = scheduler;
    this.onData = onData;
    if (this.doc.complete) onData();
    this.resume();
  }

  /** Asks for the text up to `offset` and some way beyond it (Infinity: all of it). */
  want(offset: number): void {
    this.needed = Math.max(this.needed, offset + SCREEN_TEXT);
    const wanted = offset + READ_AHEAD;
    if (wanted <= this.wanted) return;
    this.wanted = wanted;
    this.wantedFrom = offset;
    this.resume();
  }

  /**
   * G on a regular file read to its end: looks at its size again (fstat), as
   * less does, and reads on if it grew. True if there is more to read now.
   */
  grew(): boolean {
    const { fd, isFile, stream } = this.source;
    if (!isFile || stream || this.decoder || fd < 0 || this.closed || this.stopped || this.error || !this.atEnd || this.backlog) return false;
    let size: number;
    try {
      size = fs.fstatSync(fd).size;
    } catch {
      return false;
    }
    if (size <= this.doc.bytesRead) return false;
    this.doc.bytesTotal = size;
    this.atEnd = false;
    this.doc.complete = false;
    return true;
  }

  /** The file's name names another file now (a log rotated: renamed, a new one made in its place), or the file was cut shorter. */
  private renamedAway(): boolean {
    try {
      const open = fs.fstatSync(this.source.fd);
      const named = fs.statSync(this.source.name);
      return named.ino !== open.ino || named.dev !== open.dev || open.size < this.doc.bytesRead;
    } catch {
      // The name is gone, and not yet made again: the file is followed as it is.
      return false;
    }
  }

  /** Starts or stops following the input as it grows, like less's F; `byName`: and looks whether its name still names it (see replaced). */
  tail(on: boolean, byName = false): void {
    this.tailing = on;
    this.byName = on && byName;
    // want() alone does not look again when everything was already wanted (after a search or G).
    if (on) {
      this.want(Infinity);
      this.resume();
    } else this.rest();
  }

  /**
   * Stops reading ahead of what is already read (^C on "Reading...", or the
   * document is left): a pipe or a device that never ends costs no more
   * memory. Reading goes on when the screen asks for more.
   */
  rest(): void {
    this.wanted = Math.min(this.wanted, this.doc.text.length);
    this.needed = Math.min(this.needed, this.doc.text.length);
  }

  stop(): void {
    this.stopped = true;
    const onClose = this.onClose;
    this.onClose = undefined;
    this.job?.cancel();
    this.source.stream?.destroy();
    if (this.source.fd > 0 && !this.closed) {
      this.closed = true;
      fs.closeSync(this.source.fd);
    }
    onClose?.();
  }

  /** Reads the whole input (for --links and non-terminal output), waiting for it; throws OpenError if it cannot. */
  async readAll(): Promise<void> {
    if (this.source.stream) {
      this.wanted = this.wantedFrom = Infinity;
      while (!this.atEnd) await this.moreOfStream();
      this.render(Infinity);
    } else if (this.source.isFile) {
      while (!this.atEnd) this.readChunk(FILE_CHUNK);
      this.render(Infinity);
    } else {
      try {
        for (;;) {
          const buf = Buffer.allocUnsafe(CHUNK);
          const n = readBlocking(this.source.fd, buf);
          if (n === 0) break;
          this.receivedFromPipe(buf, n);
        }
      } catch (err) {
        this.failed(err);
      }
      this.ended();
      this.render(Infinity);
    }
    if (this.error) throw this.error;
  }

  /**
   * Reads one more piece, waiting for it (a pipe blocks until it has some):
   * false once the input has ended. For deciding, before paging, whether the
   * text fits on one screen (-F).
   */
  async readMore(): Promise<boolean> {
    // Text read and held back (Markdown, HTML) is rendered before more is read: that is more too.
    if (this.backlog && (this.atEnd || this.paced)) {
      this.render(Date.now() + BUDGET_MS);
      return true;
    }
    if (this.atEnd) return false;
    if (this.source.stream) {
      await this.moreOfStream();
    } else if (this.source.isFile) {
      this.readChunk(FILE_CHUNK);
    } else {
      try {
        const buf = Buffer.allocUnsafe(CHUNK);
        const n = readBlocking(this.source.fd, buf);
        if (n === 0) this.ended();
        else this.receivedFromPipe(buf, n);
      } catch (err) {
        this.failed(err);
      }
    }
    if (this.error) throw this.error;
    return !this.complete;
  }

  /** A read failed: the document ends where it did, and says why. */
  private failed(err: unknown): void {
    this.error = readError(this.source, err);
    this.ended();
  }

  private keepHead(bytes: Buffer): void {
    this.headBytes ??= Buffer.allocUnsafe(HEAD_SIZE);
    this.headLength += bytes.copy(this.headBytes, this.headLength);
  }

  /**
   * Reads a stream (a decompressor's output) as it flows: paused when as much
   * as is wanted has arrived, resumed by resume(). Each chunk is the reader's
   * to keep.
   */
  private listen(stream: Readable): void {
    stream.pause();
    const arrived = () => {
      for (const wake of this.waiters.splice(0)) wake();
      this.onData();
    };
    stream.on('data', (chunk: Buffer) => {
      if (this.stopped) return;
      this.received(chunk);
      // What it holds back is rendered (renderStep) before more is taken, as a file's is before more is read.
      if (this.satisfied || this.renderOwed) stream.pause();
      arrived();
    });
    stream.on('end', () => {
      this.ended();
      arrived();
    });
    stream.on('error', (err) => {
      if (this.stopped) return;
      this.failed(err);
      arrived();
    });
  }

  /** Waits for the next piece of a stream, or its end. */
  private moreOfStream(): Promise<void> {
    if (this.atEnd) return Promise.resolve();
    const next = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.source.stream!.resume();
    return next;
  }

  /** As much is read as is wanted: the text, or the input past the screen's (see READ_AHEAD). */
  private get satisfied(): boolean {
    if (this.textSatisfied) return true;
    const from = this.marks.inputAt(this.wantedFrom);
    return from !== null && this.doc.bytesRead - from >= READ_AHEAD;
  }

  /** As much text is there as is wanted: what is read is rendered (a file's Markdown or HTML) until then. */
  private get textSatisfied(): boolean {
    return this.doc.text.length >= this.wanted;
  }

  /** Text read and held back is still to render, and wanted. */
  private get renderOwed(): boolean {
    return this.backlog && !this.textSatisfied;
  }

  /** Renders what the reader held back until `deadline`, and notes how far the text has come. */
  private render(deadline: number): void {
    this.parser.work?.(deadline);
    this.marks.note(this.doc.text.length, this.doc.bytesRead);
  }

  private resume(): void {
    // A pipe that ended has ended for good; a file may grow while followed.
    if (this.reading || this.stopped || this.error) return;
    if (this.satisfied && !this.renderOwed) return;
    if (this.atEnd && !this.backlog && !(this.tailing && this.source.isFile)) return;
    if (this.source.isFile) return this.readFile();
    // Text held back is rendered first (renderStep), which then resumes the reading.
    if (this.renderOwed) return this.renderLater();
    if (this.satisfied) return;
    if (!this.source.stream && this.source.fd >= 0) this.streamPipe();
    if (this.source.stream) return void this.source.stream.resume();
    this.reading = true;
    this.pipeStep();
  }

  /** A pipe (or a FIFO) is read from here on as a stream (see pipeStream); a device stays with pipeStep. */
  private streamPipe(): void {
    const stream = pipeStream(this.source.fd);
    if (!stream) return;
    // The stream closes the descriptor.
    this.closed = true;
    this.source.stream = stream;
    this.listen(stream);
  }

  /** A regular file is read by a job: at the screen's priority while the screen waits for text, else as reading ahead. */
  private readFile(): void {
    if (!this.scheduler) return;
    if (this.job?.active) return this.job.wake();
    const priority = () => (this.doc.text.length < this.needed ? Priority.firstScreen : Priority.readAhead);
    this.job = this.scheduler.add({ step: (deadline) => this.fileStep(deadline) }, priority);
  }

  /** There is more to read (or render) now, and it is wanted. */
  private get moreToRead(): boolean {
    if (this.stopped || this.error) return false;
    return this.renderOwed || (!this.atEnd && !this.satisfied);
  }

  /** Input arrived: decode it, if it is not UTF-8, and parse it. */
  private received(bytes: Buffer): void {
    const text = this.decoder ? this.decoder.write(bytes) : bytes;
    // The reader keeps a pipe's buffer, or a decoded one, as display text; a file's is reused.
    this.parse(text, bytes.length, !this.source.isFile || text !== bytes);
  }

  /** Parses `text`, the UTF-8 of `inputLength` bytes of input; `owned`: the reader may keep its buffer. */
  private parse(text: Buffer, inputLength: number, owned: boolean): void {
    // The bytes read count, not their UTF-8: the percent read is of the input's size.
    this.doc.bytesRead += inputLength - text.length;
    if (text.length === 0) return;
    if (this.headLength < HEAD_SIZE) this.keepHead(text);
    // Text after the end, while following: the document grows again.
    if (this.atEnd) {
      this.atEnd = false;
      this.doc.complete = false;
    }
    if (owned) this.parser.writeOwned(text);
    else this.parser.write(text);
    // The reader rendered the first screen's blocks at once; the rest in turns of work (fileStep, renderStep).
    if (!this.paced) this.parser.work?.(Infinity);
    else if (!this.source.isFile) this.renderLater();
    this.marks.note(this.doc.text.length, this.doc.bytesRead);
  }

  /** `n` bytes came from a pipe into `buf`, which the text keeps: a copy if they fill little of it. */
  private receivedFromPipe(buf: Buffer, n: number): void {
    this.received(n < buf.length / 2 ? Buffer.from(buf.subarray(0, n)) : buf.subarray(0, n));
  }

  /** The input ended (for now): parse what was held back. */
  private ended(): void {
    if (this.atEnd) return;
    if (this.decoder) this.parse(this.decoder.end(), 0, true);
    this.atEnd = true;
    this.parser.end();
    if (!this.paced || this.error) this.parser.work?.(Infinity);
    else if (!this.source.isFile) this.renderLater();
  }

  /** The read buffer, made for the first read and again for a read after the file's end (a file followed as it grows). */
  private get readBuffer(): Buffer {
    return (this.buffer ??= Buffer.allocUnsafe(FILE_CHUNK + HOLD_MOST));
  }

  /** Reads up to `size` bytes of a regular file; ends the document at its end. */
  private readChunk(size: number): void {
    const n = this.readSome(size);
    if (n !== null) this.take(n, size);
  }

  /** Reads up to `size` bytes of a regular file into the read buffer, after the bytes held back: how many, or null if the read failed (the document ends there). */
  private readSome(size: number): number | null {
    try {
      return fs.readSync(this.source.fd, this.readBuffer, this.held, size, null);
    } catch (err) {
      // The document ends where the reading did: with what was held back.
      this.give(this.held);
      this.failed(err);
      return null;
    }
  }

  /**
   * Parses the bytes held back and the `n` read after them for `size` bytes,
   * but for the start of a line they end in (see HOLD_MOST), held back in turn.
   * A read shorter than asked for was the file's end (for now): all is parsed.
   */
  private take(n: number, size: number): void {
    const buf = this.readBuffer;
    const length = this.held + n;
    const lineEnd = n < size ? length : buf.lastIndexOf(0x0a, length - 1) + 1;
    const given = lineEnd > 0 && length - lineEnd <= HOLD_MOST ? lineEnd : length;
    this.give(given);
    this.held = buf.copy(buf, 0, given, length);
    // What is held back was read: the percent read counts it.
    this.doc.bytesRead += this.held;
    if (n < size) {
      this.ended();
      // All of it was given to the reader: the buffer is not kept for a read that may never come.
      this.buffer = null;
    }
  }

  /** Parses the read buffer's first `length` bytes, those held back first among them. */
  private give(length: number): void {
    // The reader counts what it is given, the bytes held back again.
    this.doc.bytesRead -= this.held;
    this.held = 0;
    if (length > 0) this.received(this.readBuffer.subarray(0, length));
  }

  /** Reads (or renders what is held back) until `deadline`, so that keys are not kept waiting. */
  private fileStep(deadline: number): Step {
    if (this.stopped) return 'done';
    const { bytesRead, complete } = this.doc;
    const shown = this.doc.text.length;
    // Held-back rendering first, so that what is read ahead is rendered before more is read.
    do {
      if (this.renderOwed) this.render(deadline);
      else if (!this.backlog && !this.satisfied) this.readChunk(FILE_CHUNK);
      else break;
    } while (!this.complete && Date.now() < deadline);
    if (this.doc.bytesRead !== bytesRead || this.doc.complete !== complete || this.doc.text.length !== shown) this.onData();
    if (this.stopped) return 'done';
    if (this.atEnd && this.tailing && !this.error) {
      if (this.byName && this.renamedAway()) {
        this.replaced = true;
        this.onData();
        return 'done';
      }
      // Following a file at its end: look again in a while.
      if (!this.reading) {
        this.reading = true;
        setTimeout(() => {
          this.reading = false;
          this.job?.wake();
        }, FOLLOW_POLL_MS);
      }
      return 'wait';
    }
    return this.moreToRead ? 'more' : 'wait';
  }

  /**
   * A stream's or a pipe's text held back is rendered by a job, at the
   * screen's priority while the screen waits for text (as a file's is read):
   * once a scheduler is given (start); until then only the first screen's
   * blocks are, as they come.
   */
  private renderLater(): void {
    if (!this.scheduler || !this.renderOwed) return;
    if (this.job?.active) return this.job.wake();
    const priority = () => (this.doc.text.length < this.needed ? Priority.firstScreen : Priority.readAhead);
    this.job = this.scheduler.add({ step: (deadline) => this.renderStep(deadline) }, priority);
  }

  /** Renders what a stream's or a pipe's reader holds back until `deadline`; when it is all rendered, reading goes on. */
  private renderStep(deadline: number): Step {
    if (this.stopped) return 'done';
    const { complete } = this.doc;
    const shown = this.doc.text.length;
    if (this.renderOwed) this.render(deadline);
    if (this.doc.complete !== complete || this.doc.text.length !== shown) this.onData();
    if (this.stopped) return 'done';
    if (this.renderOwed) return 'more';
    this.resume();
    return 'wait';
  }

  /** Reads a device (what pipeStream cannot read) in Node's thread pool, a piece at a time. */
  private pipeStep(): void {
    const buf = Buffer.allocUnsafe(CHUNK);
    fs.read(this.source.fd, buf, 0, CHUNK, null, (err, n) => {
      this.reading = false;
      if (this.stopped) return;
      if (err && err.code === 'EAGAIN') {
        this.reading = true;
        return void setTimeout(() => this.pipeStep(), 10);
      }
      if (err) this.failed(err);
      else if (n === 0) this.ended();
      else this.receivedFromPipe(buf, n);
      this.onData();
      this.resume();
    });
  }
}
