// Where a document's bytes come from, before any is read: a file, a pipe, a
// device, a decompressor's output or a web page's body, each with its name,
// the first bytes when they are already read, and what a transport declared
// of it (a web page's type and charset). classify.ts decides from these what
// it is; load.ts reads it.
import fs from 'node:fs';
import type { Readable } from 'node:stream';

export interface Source {
  /** Shown to the user: the path, or "-" for standard input. */
  name: string;
  fd: number;
  /** True for a regular file (read synchronously in chunks), false for a pipe or device. */
  isFile: boolean;
  size: number | null;
  /** Bytes already read from `fd` (a pipe's first, looked at before paging): they come before the rest. */
  head?: Buffer;
  /** The text comes from this stream (a decompressor's output, a web page's body), not from `fd`; it is held in memory, as a pipe's. */
  stream?: Readable;
  /** The name that says the kind when it is not `name`: a web page's URL path. */
  kindName?: string;
  /** The type a transport declared ("text/html"; "" if none was sent); undefined for a file. */
  type?: string;
  /** The charset the transport declared (a web page's, as decided at its head), or none. */
  charset?: string | null;
  /** LESSOPEN made it (preprocess.ts): its text is the preprocessor's, not the file's, and is not read again from the file. */
  preprocessed?: boolean;
  /** Run once when the document is closed (LESSCLOSE). */
  onClose?: () => void;
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

/** An operating system error as a user would put it: "No such file or directory". */
export function reason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'EIO':
      return 'Input/output error';
    case 'ENOSPC':
      return 'No space left on device';
    case 'ENXIO':
      return 'No such device or address';
    case 'EFBIG':
      return 'File too large';
    case 'ENOENT':
      return 'No such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'Permission denied';
    case 'EISDIR':
      return 'Is a directory';
    default: {
      // "ENOTDIR: not a directory, open 'x'" → "Not a directory"
      const text = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message ?? '';
      return text ? text[0].toUpperCase() + text.slice(1) : `Error ${err.code ?? ''}`.trim();
    }
  }
}

/** What a file that is not a regular one is, in words. */
function fileKind(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'Is a directory';
  if (stat.isFIFO()) return 'Not a regular file (a named pipe)';
  if (stat.isSocket()) return 'Not a regular file (a socket)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'Not a regular file (a device)';
  return 'Not a regular file';
}

/**
 * Opens a regular file a link names; anything else is refused, unopened (a
 * pipe with no writer would block, a terminal would take the keys), with
 * O_NONBLOCK in case it changed between the look and the open.
 */
export function openRegularFile(file: string): Source {
  let fd: number | null = null;
  try {
    const before = fs.statSync(file);
    if (!before.isFile()) throw new OpenError(file, fileKind(before));
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new OpenError(file, fileKind(stat));
    return { name: file, fd, isFile: true, size: stat.size };
  } catch (err) {
    if (fd !== null) fs.closeSync(fd);
    if (err instanceof OpenError) throw err;
    throw new OpenError(file, reason(err as NodeJS.ErrnoException));
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

/** Standard input as a source; throws OpenError if it cannot be read (a directory: `lwl </tmp`). */
export function openStdin(): Source {
  const stat = fs.fstatSync(0);
  if (stat.isDirectory()) throw new OpenError('standard input', 'Is a directory');
  return { name: '-', fd: 0, isFile: stat.isFile(), size: stat.isFile() ? stat.size : null };
}

