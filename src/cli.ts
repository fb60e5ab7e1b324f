// The command line: arguments, the input, and which way lwl runs (pager,
// copy-through, or plain listing).
import fs from 'node:fs';
import { Terminal, writeAll } from '../term/tty.ts';
import { isDumb } from '../term/caps.ts';
import { Document } from './document/document.ts';
import { Loader, type Source } from './load.ts';
import { Pager } from './pager.ts';

declare const LWL_VERSION: string;
const version = typeof LWL_VERSION === 'string' ? LWL_VERSION : 'dev';

export const usage = `usage: lwl [options] [FILE]
       cmd | lwl [options]

A pager for documents with links written [text](href).

options:
  -h, --help       show this help and exit
  -V, --version    show the version and exit

keys: q quit, j/k line, d/u half screen, space/b screen, g/G top/bottom
(see README.md for all of them)`;

/** An error the user caused: one line on stderr and this exit status. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Options {
  help: boolean;
  version: boolean;
  file: string | null;
}

export function parseArgs(args: string[]): Options {
  const opts: Options = { help: false, version: false, file: null };
  const files: string[] = [];
  let onlyFiles = false;
  for (const arg of args) {
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) files.push(arg);
    else if (arg === '--') onlyFiles = true;
    else if (arg === '-h' || arg === '--help') opts.help = true;
    else if (arg === '-V' || arg === '--version') opts.version = true;
    else throw new UserError(`lwl: unknown option '${arg}'\n${usage}`, 2);
  }
  if (files.length > 1) throw new UserError(`lwl: one file at a time\n${usage}`, 2);
  opts.file = files[0] ?? null;
  return opts;
}

/** Opens the input named on the command line, or standard input. */
export function openSource(file: string | null): Source {
  if (file === null || file === '-') {
    if (file === null && process.stdin.isTTY) throw new UserError(`lwl: no input: name a FILE or pipe text in\n${usage}`, 2);
    const stat = fs.fstatSync(0);
    return { name: '-', fd: 0, isFile: stat.isFile(), size: stat.isFile() ? stat.size : null };
  }
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    return { name: file, fd, isFile: stat.isFile(), size: stat.isFile() ? stat.size : null };
  } catch (err) {
    throw new UserError(`lwl: ${file}: ${reason(err as NodeJS.ErrnoException)}`, 1);
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

/** Copies the input to stdout unchanged (stdout is not a terminal), as less does. */
function copyThrough(source: Source): void {
  const buf = Buffer.allocUnsafe(1024 * 1024);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(source.fd, buf);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((err as NodeJS.ErrnoException).code === 'EOF') break;
      throw err;
    }
    if (n === 0) break;
    writeAll(1, buf.subarray(0, n));
  }
}

/** Prints the document as shown, without paging, for terminals lwl cannot drive. */
function printPlain(doc: Document, loader: Loader): void {
  loader.readAll();
  doc.text.forEachPiece(0, doc.text.length, (piece) => writeAll(1, piece));
}

export async function main(args: string[]): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(args);
    if (opts.help) {
      writeAll(1, usage + '\n');
      return 0;
    }
    if (opts.version) {
      writeAll(1, `lwl ${version}\n`);
      return 0;
    }
    const source = openSource(opts.file);
    if (!process.stdout.isTTY) {
      copyThrough(source);
      return 0;
    }
    const doc = new Document(source.name);
    const loader = new Loader(doc, source);
    const size = { cols: process.stdout.columns || 0, rows: process.stdout.rows || 0 };
    if (isDumb(process.env) || size.cols < 2 || size.rows < 2) {
      printPlain(doc, loader);
      return 0;
    }
    loader.readFirst();
    const term = Terminal.open();
    return await new Pager(term, doc, loader).run();
  } catch (err) {
    if (err instanceof UserError) {
      process.stderr.write(err.message + '\n');
      return err.status;
    }
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    throw err;
  }
}
