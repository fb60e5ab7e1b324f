// An input as the loader reads it: a file, a pipe, or a decompressor's output.
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
  /** The text comes from this stream (a decompressor's output), not from `fd`; it is held in memory, as a pipe's. */
  stream?: Readable;
  /** The text's charset when it is known (a web page's text is UTF-8 by now): the reader believes it over the text. */
  charset?: string;
}
