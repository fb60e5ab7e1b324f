// The command line: arguments, the input, and which way lwl runs (pager,
// copy-through, or plain listing).
import { Terminal, writeAll } from '../term/tty.ts';
import { isDumb } from '../term/caps.ts';
import { Loader, OpenError, openFile, openStdin, readBlocking, type Source } from './input/load.ts';
import { makePage, Pager, type Page } from './pager.ts';
import { parseUrl, type UrlRecord } from './link/url/index.ts';
import { linkText } from './view/preview.ts';
import { sanitize } from './text/sanitize.ts';

declare const LWL_VERSION: string;
const version = typeof LWL_VERSION === 'string' ? LWL_VERSION : 'dev';

export const usage = `usage: lwl [options] [FILE]
       cmd | lwl [options]

A pager for documents with links written [text](href).

options:
  --base URL       resolve relative links against URL
  --links          print the links (number, text, URL) instead of paging
  -h, --help       show this help and exit
  -V, --version    show the version and exit

keys: q quit, j/k line, d/u half screen, space/b screen, g/G top/bottom
(see README.md for all of them)`;

/** A message for stderr, its lines sanitized (an ESC in a file name must not reach the terminal). */
export function printable(message: string): string {
  return message
    .split('\n')
    .map((line) => sanitize(line))
    .join('\n');
}

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
  links: boolean;
  base: UrlRecord | null;
  file: string | null;
}

function parseBase(value: string | undefined): UrlRecord {
  if (value === undefined) throw new UserError(`lwl: --base needs a URL\n${usage}`, 2);
  const result = parseUrl(value);
  if (!result.ok) throw new UserError(`lwl: --base: '${value}' is not a URL (${result.reason})\n${usage}`, 2);
  return result.url;
}

export function parseArgs(args: string[]): Options {
  const opts: Options = { help: false, version: false, links: false, base: null, file: null };
  const files: string[] = [];
  let onlyFiles = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) files.push(arg);
    else if (arg === '--') onlyFiles = true;
    else if (arg === '-h' || arg === '--help') opts.help = true;
    else if (arg === '-V' || arg === '--version') opts.version = true;
    else if (arg === '--links') opts.links = true;
    else if (arg === '--base') opts.base = parseBase(args[++i]);
    else if (arg.startsWith('--base=')) opts.base = parseBase(arg.slice('--base='.length));
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
    return openStdin();
  }
  try {
    return openFile(file);
  } catch (err) {
    if (err instanceof OpenError) throw new UserError(`lwl: ${err.message}`, 1);
    throw err;
  }
}

/** Copies the input to stdout unchanged (stdout is not a terminal), as less does. */
function copyThrough(source: Source): void {
  const buf = Buffer.allocUnsafe(1024 * 1024);
  for (let n = readBlocking(source.fd, buf); n > 0; n = readBlocking(source.fd, buf)) writeAll(1, buf.subarray(0, n));
}

/** `lwl --links`: every link in document order, one a line: number, text, and URL or error. */
function printLinks(page: Page): void {
  page.loader.readAll();
  const lines: string[] = [];
  for (let i = 0; i < page.doc.links.count; i++) {
    const target = page.links.get(i);
    // The text column passes the sanitizer (a tab or newline in it would break the columns);
    // the URL is printed exactly as serialized, which is printable ASCII.
    const text = sanitize(linkText(page.doc, i));
    lines.push(`${i + 1}\t${text}\t${target.ok ? target.href : `error: ${sanitize(target.reason)}`}\n`);
    if (lines.length >= 4096) writeAll(1, lines.splice(0).join(''));
  }
  writeAll(1, lines.join(''));
}

/** Prints the document as shown, without paging, for terminals lwl cannot drive. */
function printPlain(loader: Loader): void {
  loader.readAll();
  const text = loader.doc.text;
  text.forEachPiece(0, text.length, (piece) => writeAll(1, piece));
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
    if (opts.links) {
      printLinks(makePage(new Loader(source), opts.base));
      return 0;
    }
    if (!process.stdout.isTTY) {
      copyThrough(source);
      return 0;
    }
    const loader = new Loader(source);
    const size = { cols: process.stdout.columns || 0, rows: process.stdout.rows || 0 };
    if (isDumb(process.env) || size.cols < 2 || size.rows < 2) {
      printPlain(loader);
      return 0;
    }
    loader.readFirst();
    const term = Terminal.open();
    return await new Pager(term, makePage(loader, opts.base)).run();
  } catch (err) {
    if (err instanceof UserError) {
      // Messages quote arguments and paths: each line passes the sanitizer.
      process.stderr.write(printable(err.message) + '\n');
      return err.status;
    }
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    throw err;
  }
}
