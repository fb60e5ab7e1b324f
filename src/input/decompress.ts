// Compressed input, read as it decompresses: the first screen does not wait
// for the whole file. gzip and brotli go through Node's zlib; bzip2, xz and
// zstd through their own commands (`bzip2 -dc`), when they are on PATH.
//
// The format is told by the magic bytes where it has them (a `.gz` file that
// holds plain text is shown as it is), by the name for brotli, which has none.
// The text that comes out is a Node Readable; a failure is a DecompressError
// saying where it stopped ("gzip data truncated after 1.2 MiB").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { formatBytes } from '../text/count.ts';
import { MAGIC, MAGIC_SIZE, pipeStream, readSome } from './read-some.ts';
import type { Source } from './source.ts';

/** Decompressed text handed on at a time, and compressed bytes read at a time. */
const CHUNK = 256 * 1024;

interface Format {
  /** As the user knows it: "gzip". */
  name: string;
  /** Endings of a file's name that say the format (lower case). */
  suffixes: string[];
  /** Whether `head` (at least MAGIC_SIZE bytes, unless the input is shorter) starts as this format does; null: it has no magic. */
  magic: ((head: Uint8Array) => boolean) | null;
  /** Node's decompressor for it, or the command that decompresses it to stdout, with the package that has it. */
  zlib?: () => zlib.Gunzip | zlib.BrotliDecompress;
  command?: { name: string; pkg: string };
}

const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

export const formats: readonly Format[] = [
  {
    name: 'gzip',
    suffixes: ['.gz'],
    // ID1 ID2, and CM 8 (deflate), the only method there is.
    magic: (head) => startsWith(head, MAGIC.gzip.bytes),
    zlib: () => zlib.createGunzip({ chunkSize: CHUNK }),
  },
  {
    name: 'brotli',
    suffixes: ['.br'],
    magic: null,
    zlib: () => zlib.createBrotliDecompress({ chunkSize: CHUNK }),
  },
  {
    name: 'bzip2',
    suffixes: ['.bz2'],
    // "BZh" and the block size, a digit 1 to 9.
    magic: (head) => startsWith(head, MAGIC.bzip2.bytes) && head[3] >= 0x31 && head[3] <= 0x39,
    command: { name: 'bzip2', pkg: 'bzip2' },
  },
  {
    name: 'xz',
    suffixes: ['.xz'],
    magic: (head) => startsWith(head, MAGIC.xz.bytes),
    command: { name: 'xz', pkg: 'xz-utils' },
  },
  {
    name: 'zstd',
    suffixes: ['.zst'],
    magic: (head) => startsWith(head, MAGIC.zstd.bytes),
    command: { name: 'zstd', pkg: 'zstd' },
  },
];

function suffixFormat(name: string): { format: Format; suffix: string } | null {
  const lower = name.toLowerCase();
  for (const format of formats) {
    for (const suffix of format.suffixes) {
      if (lower.endsWith(suffix) && lower.length > suffix.length && !lower.endsWith('/' + suffix)) return { format, suffix };
    }
  }
  return null;
}

/** The name of what a compressed file holds, for telling its kind: README.md.gz → README.md; other names unchanged. */
export function innerName(name: string): string {
  const found = suffixFormat(name);
  return found ? name.slice(0, name.length - found.suffix.length) : name;
}

/**
 * The format an input is compressed in, or null: by its first bytes where the
 * format has magic bytes, by `name` for one that has none.
 */
export function compressionOf(name: string, head: Uint8Array): Format | null {
  for (const format of formats) if (format.magic?.(head)) return format;
  const named = suffixFormat(name)?.format;
  return named && named.magic === null ? named : null;
}

/** Decompression cannot start, or stopped: the sentence for the user. */
export class DecompressError extends Error {}

/** Where on PATH `command` is, or null. */
export function findOnPath(command: string, pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** Where the text stopped, in words: "after 1.2 MiB", or "at its start". */
const where = (bytes: number) => (bytes === 0 ? 'at its start' : `after ${formatBytes(bytes)}`);

/** An operating system's error (a read of the compressed input failed): passed on as it is, for its reason. */
const isSystemError = (err: Error) => typeof (err as NodeJS.ErrnoException).syscall === 'string';

/**
 * The compressed bytes of a source as a stream: `head` (already read from a
 * pipe) first, then the rest of the descriptor. A file's is read from its
 * start, and closed at the end.
 */
function compressedBytes(source: Source): Readable {
  const { fd, isFile } = source;
  // A pipe is read as a stream on its descriptor (epoll), not by reads in Node's thread pool: one left
  // blocked on a silent writer would keep lwl from ending when q is pressed (exit waits for the pool).
  const pipe = isFile ? null : (source.stream ?? pipeStream(fd));
  if (pipe) {
    const head = source.head;
    async function* fromPipe() {
      if (head && head.length > 0) yield head;
      yield* pipe!;
    }
    return Readable.from(fromPipe(), { objectMode: false });
  }
  async function* chunks() {
    let position: number | null = isFile ? 0 : null;
    try {
      if (source.head && source.head.length > 0) yield source.head;
      for (;;) {
        const buf = Buffer.allocUnsafe(CHUNK);
        const n = await readSome(fd, buf, position);
        if (n === 0) return;
        if (position !== null) position += n;
        yield buf.subarray(0, n);
      }
    } finally {
      // Closed here, after the last read has finished: never under a read in flight.
      if (fd > 0) fs.close(fd, () => {});
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The decompressed text of `inner` as a stream that the reader can pause, and
 * that turns a failure into a DecompressError saying where it stopped.
 * `finished`, at the end of `inner`, says whether decompression failed after all.
 */
function relay(inner: Readable, describe: (err: Error, bytes: number) => string, finished: (bytes: number) => Promise<string | null>, cleanup: () => void): Readable {
  let bytes = 0;
  const out = new Readable({
    highWaterMark: CHUNK,
    read: () => void inner.resume(),
    destroy: (err, callback) => {
      inner.destroy();
      cleanup();
      callback(err);
    },
  });
  const fail = (err: Error) => out.destroy(err instanceof DecompressError || isSystemError(err) ? err : new DecompressError(describe(err, bytes)));
  inner.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (!out.push(chunk)) inner.pause();
  });
  inner.on('end', () => {
    finished(bytes).then((failure) => (failure === null ? out.push(null) : fail(new DecompressError(failure))), fail);
  });
  inner.on('error', fail);
  return out;
}

function throughZlib(source: Source, format: Format): Readable {
  const decompressor = format.zlib!();
  // A read error of the compressed bytes destroys the decompressor with it, and is reported as it is.
  pipeline(compressedBytes(source), decompressor, () => {});
  const describe = (err: Error, bytes: number) => {
    const truncated = (err as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message);
    return truncated ? `${format.name} data truncated ${where(bytes)}` : `${format.name} data corrupt ${where(bytes)} (${err.message})`;
  };
  return relay(decompressor, describe, async () => null, () => {});
}

/** The first line a command wrote on stderr, without its own name: "Compressed data is corrupt". */
function firstLine(stderr: string, command: string): string {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? '';
  return line
    .replace(new RegExp(`^${command}: `), '')
    .replace(/^\(stdin\): /, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim()
    .slice(0, 200);
}

function throughCommand(source: Source, format: Format): Readable {
  const command = format.command!;
  const program = findOnPath(command.name, process.env.PATH);
  if (program === null) {
    throw new DecompressError(`compressed with ${format.name}; lwl reads it through "${command.name} -dc", which is not on PATH: install ${command.pkg}`);
  }
  // A file is the command's own input; a pipe's bytes (some already read) are passed on.
  let readFailure: Error | null = null;
  const child = spawn(program, ['-dc'], { argv0: command.name, stdio: [source.isFile ? source.fd : 'pipe', 'pipe', 'pipe'] });
  if (source.isFile) {
    // The command has its own copy; standard input stays open, or its number would go to the next file opened.
    if (source.fd > 0) fs.closeSync(source.fd);
  } else {
    const input = compressedBytes(source);
    input.pipe(child.stdin!);
    // A read that failed ends the command's input; the reason is the read's, not the command's.
    input.on('error', (err) => {
      readFailure = err;
      child.stdin!.destroy();
    });
    // The command ended before reading all of it (it found the data corrupt): its status says so.
    child.stdin!.on('error', () => input.destroy());
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('latin1');
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  const name = `${command.name} -dc`;
  child.on('error', (err) => child.stdout!.destroy(new DecompressError(`cannot run ${name}: ${err.message}`)));
  const finished = async (bytes: number) => {
    const status = await exited;
    if (readFailure) throw readFailure;
    if (status === 0) return null;
    const said = firstLine(stderr, command.name);
    return `${name} stopped ${where(bytes)}${said ? `: ${said}` : status === null ? '' : ` (exit status ${status})`}`;
  };
  const describe = (err: Error, bytes: number) => `${name} stopped ${where(bytes)}: ${err.message}`;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  return relay(child.stdout!, describe, finished, kill);
}

/**
 * The source with its text decompressed, if it is compressed: a new source
 * that reads from a stream (and owns the descriptor), or `source` itself.
 * A regular file's first bytes are read here, at its start; a pipe's must be
 * in `source.head` already. Throws DecompressError if the command needed is
 * not on PATH.
 */
export function decompressing(source: Source): Source {
  if (source.fd < 0) return source;
  let head: Uint8Array;
  if (source.isFile) {
    const buf = Buffer.alloc(MAGIC_SIZE);
    try {
      head = buf.subarray(0, fs.readSync(source.fd, buf, 0, MAGIC_SIZE, 0));
    } catch {
      return source; // the reader says why it cannot be read
    }
  } else {
    head = source.head ?? Buffer.alloc(0);
  }
  const format = compressionOf(source.name, head);
  if (format === null) return source;
  const stream = format.zlib ? throughZlib(source, format) : throughCommand(source, format);
  return { name: source.name, fd: -1, isFile: false, size: null, stream };
}
