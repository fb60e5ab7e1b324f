// Reading the input into a Document as it arrives: a first piece at once, so
// the first screen never waits for the whole file, then the rest in the
// background between keys.
import fs from 'node:fs';
import type { Document } from './document/document.ts';
import { MarkupParser } from './document/parse.ts';

/** Read before the first screen. */
const FIRST_READ = 256 * 1024;
/** Read per turn of the event loop afterwards: large enough to be fast, small enough for keys to get a turn. */
const CHUNK = 8 * 1024 * 1024;
const PIPE_CHUNK = 1024 * 1024;

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

export class Loader {
  private readonly parser: MarkupParser;
  private stopped = false;
  private closed = false;
  private onData: () => void = () => {};

  constructor(
    readonly doc: Document,
    readonly source: Source,
  ) {
    this.parser = new MarkupParser(doc);
    doc.bytesTotal = source.size;
  }

  /** Reads the first piece synchronously (regular files only). */
  readFirst(): void {
    if (this.source.isFile) this.readChunk(FIRST_READ);
  }

  /** Reads the rest in the background, calling `onData` after each piece. */
  start(onData: () => void): void {
    this.onData = onData;
    if (this.doc.complete) return onData();
    if (this.source.isFile) setImmediate(() => this.fileStep());
    else this.pipeStep();
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  private close(): void {
    if (this.source.fd === 0 || this.closed) return;
    this.closed = true;
    fs.closeSync(this.source.fd);
  }

  /** The input ended: parse what was held back, and let the file go. */
  private ended(): void {
    this.parser.end();
    this.close();
  }

  /** Reads the whole input synchronously (for --links and non-terminal output). */
  readAll(): void {
    if (this.source.isFile) {
      while (!this.doc.complete) this.readChunk(CHUNK);
      return;
    }
    const buf = Buffer.allocUnsafe(PIPE_CHUNK);
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(this.source.fd, buf);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        if ((err as NodeJS.ErrnoException).code === 'EOF') n = 0;
        else throw err;
      }
      if (n === 0) break;
      this.parser.write(Buffer.from(buf.subarray(0, n)));
    }
    this.ended();
  }

  /** Reads up to `size` bytes of a regular file; ends the document at EOF. */
  private readChunk(size: number): void {
    const buf = Buffer.allocUnsafe(size);
    const n = fs.readSync(this.source.fd, buf, 0, size, null);
    if (n > 0) this.parser.write(n === size ? buf : buf.subarray(0, n));
    if (n < size) this.ended();
  }

  private fileStep(): void {
    if (this.stopped) return;
    this.readChunk(CHUNK);
    this.onData();
    if (!this.doc.complete) setImmediate(() => this.fileStep());
  }

  private pipeStep(): void {
    if (this.stopped) return;
    const buf = Buffer.allocUnsafe(PIPE_CHUNK);
    fs.read(this.source.fd, buf, 0, PIPE_CHUNK, null, (err, n) => {
      if (this.stopped) return;
      if (err && err.code === 'EAGAIN') return void setTimeout(() => this.pipeStep(), 10);
      if (err || n === 0) {
        this.ended();
      } else {
        this.parser.write(n < PIPE_CHUNK / 2 ? Buffer.from(buf.subarray(0, n)) : buf.subarray(0, n));
      }
      this.onData();
      if (!this.doc.complete) this.pipeStep();
    });
  }
}
