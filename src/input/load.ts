// Reading the input into a Document as it arrives: a first piece at once, so
// the first screen never waits for the whole file, then the rest in the
// background between keys.
import fs from 'node:fs';
import { MarkupReader } from '../document/readers/markup.ts';
import type { Reader } from '../document/reader.ts';
import { Document } from '../document/document.ts';
import { FileText } from '../document/filetext.ts';

/** Read before the first screen. */
const FIRST_READ = 256 * 1024;
/** Read per call afterwards. */
const CHUNK = 1024 * 1024;
/** Text read ahead of the screen: enough that paging never waits, little enough that a huge file costs nothing until asked for. */
export const READ_AHEAD = 16 * 1024 * 1024;
/** Reading gives keys a turn at least this often. */
const SLICE_MS = 10;
/** How often a followed file is looked at for growth. */
const FOLLOW_POLL_MS = 200;

export interface Source {
  /** Shown to the user: the path, or "-" for standard input. */
  name: string;
  fd: number;
  /** True for a regular file (read synchronously in chunks), false for a pipe or device. */
  isFile: boolean;
  size: number | null;
}

/** A file that cannot be read, with the reason as a user would put it. */
export class OpenError extends Error {
  constructor(
    readonly file: string,
    readonly userMessage: string,
  ) {
    super(`${file}: ${userMessage}`);
  }
}

function reason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return 'No such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'Permission denied';
    case 'EISDIR':
      return 'Is a directory';
    default: {
      // "ENOTDIR: not a directory, open 'x'" → "Not a directory"
      const text = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message;
      return text[0].toUpperCase() + text.slice(1);
    }
  }
}

/** Opens a file to read; throws OpenError with the reason if it cannot be read. */
export function openFile(file: string): Source {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    return { name: file, fd, isFile: stat.isFile(), size: stat.isFile() ? stat.size : null };
  } catch (err) {
    if (fd !== null) fs.closeSync(fd);
    throw new OpenError(file, reason(err as NodeJS.ErrnoException));
  }
}

/** Standard input as a source. */
export function openStdin(): Source {
  const stat = fs.fstatSync(0);
  return { name: '-', fd: 0, isFile: stat.isFile(), size: stat.isFile() ? stat.size : null };
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
  private stopped = false;
  private closed = false;
  /** The input has ended (a growing file or pipe may go on when followed). */
  private atEnd = false;
  /** A read is scheduled or under way. */
  private reading = false;
  /** Keep reading past the end, as the input grows (F). */
  private following = false;
  /** Read until the text is this long, then rest until more is wanted. */
  private wanted = READ_AHEAD;
  private onData: () => void = () => {};

  /** The buffer each read of a file goes into: the text stays in the file, so it is reused. */
  private readonly readBuffer: Buffer | null;
  readonly doc: Document;

  /**
   * A document for the source: its text stays in the file for a regular file,
   * which can be read again, and is held in memory for a pipe, which cannot.
   */
  constructor(readonly source: Source) {
    this.doc = new Document(source.name, source.isFile ? new FileText(source.fd) : undefined);
    this.parser = new MarkupReader(this.doc);
    this.doc.bytesTotal = source.size;
    this.readBuffer = source.isFile ? Buffer.allocUnsafe(CHUNK) : null;
  }

  /** Reads the first piece synchronously (regular files only). */
  readFirst(): void {
    if (this.source.isFile) this.readChunk(FIRST_READ);
  }

  /** Reads the rest in the background, as far as wanted, calling `onData` after each piece. */
  start(onData: () => void): void {
    this.onData = onData;
    if (this.doc.complete) onData();
    this.resume();
  }

  /** Asks for the text up to `offset` and some way beyond it (Infinity: all of it). */
  want(offset: number): void {
    const wanted = offset + READ_AHEAD;
    if (wanted <= this.wanted) return;
    this.wanted = wanted;
    this.resume();
  }

  /** Starts or stops following the input as it grows, like less's F. */
  follow(on: boolean): void {
    this.following = on;
    if (on) this.want(Infinity);
  }

  stop(): void {
    this.stopped = true;
    if (this.source.fd !== 0 && !this.closed) {
      this.closed = true;
      fs.closeSync(this.source.fd);
    }
  }

  /** Reads the whole input synchronously (for --links and non-terminal output). */
  readAll(): void {
    if (this.source.isFile) {
      while (!this.atEnd) this.readChunk(CHUNK);
      return;
    }
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const n = readBlocking(this.source.fd, buf);
      if (n === 0) break;
      this.receivedFromPipe(buf, n);
    }
    this.ended();
  }

  private get satisfied(): boolean {
    return this.doc.text.length >= this.wanted;
  }

  private resume(): void {
    // A pipe that ended has ended for good; a file may grow while followed.
    if (this.reading || this.stopped || this.satisfied) return;
    if (this.atEnd && !(this.following && this.source.isFile)) return;
    this.reading = true;
    if (this.source.isFile) setImmediate(() => this.fileStep());
    else this.pipeStep();
  }

  /** Input arrived: parse it. The parser keeps a pipe's buffer as display text; a file's is reused. */
  private received(bytes: Buffer): void {
    // Text after the end, while following: the document grows again.
    if (this.atEnd) {
      this.atEnd = false;
      this.doc.complete = false;
    }
    if (this.source.isFile) this.parser.write(bytes);
    else this.parser.writeOwned(bytes);
  }

  /** `n` bytes came from a pipe into `buf`, which the text keeps: a copy if they fill little of it. */
  private receivedFromPipe(buf: Buffer, n: number): void {
    this.received(n < buf.length / 2 ? Buffer.from(buf.subarray(0, n)) : buf.subarray(0, n));
  }

  /** The input ended (for now): parse what was held back. */
  private ended(): void {
    if (this.atEnd) return;
    this.atEnd = true;
    this.parser.end();
  }

  /** Reads up to `size` bytes of a regular file; ends the document at its end. */
  private readChunk(size: number): void {
    const buf = this.readBuffer!.subarray(0, size);
    const n = fs.readSync(this.source.fd, buf, 0, buf.length, null);
    if (n > 0) this.received(buf.subarray(0, n));
    if (n < buf.length) this.ended();
  }

  /** Reads for a few milliseconds at most, so that keys are not kept waiting, then yields. */
  private fileStep(): void {
    this.reading = false;
    if (this.stopped) return;
    const { bytesRead, complete } = this.doc;
    const until = Date.now() + SLICE_MS;
    do this.readChunk(CHUNK);
    while (!this.atEnd && !this.satisfied && Date.now() < until);
    if (this.doc.bytesRead !== bytesRead || this.doc.complete !== complete) this.onData();
    if (this.atEnd && this.following) {
      // Following a file at its end: look again in a while.
      this.reading = true;
      setTimeout(() => this.fileStep(), FOLLOW_POLL_MS);
    } else {
      this.resume();
    }
  }

  private pipeStep(): void {
    const buf = Buffer.allocUnsafe(CHUNK);
    fs.read(this.source.fd, buf, 0, CHUNK, null, (err, n) => {
      this.reading = false;
      if (this.stopped) return;
      if (err && err.code === 'EAGAIN') {
        this.reading = true;
        return void setTimeout(() => this.pipeStep(), 10);
      }
      if (err || n === 0) this.ended();
      else this.receivedFromPipe(buf, n);
      this.onData();
      this.resume();
    });
  }
}
