// The command line: arguments, the input, and which way lwl runs (pager,
// copy-through, or plain listing).
import fs from 'node:fs';
import { NoTerminalError, Terminal, writeAll, type Size } from '../term/tty.ts';
import { isTerminal, outputSize } from '../term/device.ts';
import { Wrap } from './rows/wrap.ts';
import { kinds, type Kind } from './document/readers/kind-names.ts';
import { detectCaps, isDumb, useHyperlinks } from '../term/caps.ts';
import { printStyled } from './draw/textstyle.ts';
import { configPath, configuredFile, emptyConfig, parseConfig, printConfig, type Config } from './config.ts';
import { manPage, usageText } from './help.ts';
import { OptionError, parseOptions, type Options } from './options.ts';
import { themeFor, type Role } from './draw/theme.ts';
import { Loader, OpenError, openFile, openStdin, readBlocking, readError, reason, type Source } from './input/load.ts';
import { HEAD_SIZE, looksBinary } from './input/binary.ts';
import { firstBytesOfPipe } from './input/read-some.ts';
import { preprocessed, preprocesses, preprocessingFrom, type Preprocessing } from './input/preprocess.ts';
import { manSource } from './input/man-page.ts';
import { manPageOf } from './link/man.ts';
import { Pager } from './pager.ts';
import { filePage, pageText, type PageText } from './navigator/page.ts';
import { Bindings } from './state/bindings.ts';
import { parseUrl, serializeUrl, type UrlRecord } from './link/url/index.ts';
import { guessNote, readAddress } from './input/address.ts';
import { isDirectory, openDirectory } from './navigator/directory-listing.ts';
import { bookmarksPath } from './pager/bookmarks.ts';
import { linkText } from './draw/preview.ts';
import { maskedHref } from './link/render.ts';
import { sanitize } from './text/sanitize.ts';
import { httpUrl } from './web/fetch.ts';
import { proxyFromEnv } from './web/proxy.ts';
import { loadOptions } from './web/web-load.ts';
import { SessionCookies } from './web/cookies.ts';
import { copyPage, wholePage } from './web/cli-web.ts';

const roles = Object.keys(themeFor(true)) as Role[];

declare const LWL_VERSION: string;
const version = typeof LWL_VERSION === 'string' ? LWL_VERSION : 'dev';


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

function parseBase(value: string): UrlRecord {
  const result = parseUrl(value);
  if (!result.ok) throw new UserError(`lwl: --base: '${value}' is not a URL (${result.reason})\n${usageText()}`, 2);
  return result.url;
}

/** --kind: one of the kinds of document lwl reads, or null to tell from the name and the first bytes. */
function parseKind(value: string | null): Kind | null {
  if (value === null) return null;
  if (!(kinds as readonly string[]).includes(value)) throw new UserError(`lwl: --kind: '${value}' is not a kind (${kinds.join(', ')})\n${usageText()}`, 2);
  return value as Kind;
}

/** The configuration file, if there is one; a file that cannot be read is a mistake to report, not an end. */
function readConfig(env: NodeJS.ProcessEnv): Config {
  const file = configPath(env);
  if (file === null) return emptyConfig;
  let text: string;
  try {
    // No file, or a folder on the way that this user cannot enter (lwl run as another user): no configuration.
    if (!fs.statSync(file).isFile()) return { ...emptyConfig, errors: [`${file}: not a file`] };
  } catch {
    return emptyConfig;
  }
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { ...emptyConfig, errors: [`${file}: ${(err as Error).message}`] };
  }
  return parseConfig(text, file, roles);
}

/** The options: LESS, the config file's, LWL, then the command line. */
export function readOptions(args: string[], env: NodeJS.ProcessEnv, config: Config): Options {
  try {
    return parseOptions(args, env, config.options);
  } catch (err) {
    if (err instanceof OptionError) throw new UserError(`${sanitize(err.message)}\n${usageText()}`, 2);
    throw err;
  }
}

/** Opens the input named on the command line, or standard input. */
export function openSource(file: string | null): Source {
  if (file === null || file === '-') {
    if (file === null && isTerminal(0)) throw new UserError(`lwl: no input: name a FILE or pipe text in\n${usageText()}`, 2);
    return openStdin();
  }
  return openFile(file);
}

/**
 * Opens the input to read it as a document, through LESSOPEN when `pre` is
 * set and runs on it; a pipe's first bytes are waited for: they say whether
 * it is compressed, and whether it looks binary.
 */
async function openInput(file: string | null, { pre = null, secure = false, wait = (work) => work }: InputWays = {}): Promise<Source> {
  const name = file ?? '-';
  // lwl man:ls: the page, as man formats it.
  const man = manPageOf(name);
  if (man) {
    if (secure) throw new UserError('lwl: manual pages are not opened in secure mode (man is a command)', 1);
    return manSource(man, outputSize()?.cols ?? 80);
  }
  // Standard input at a terminal is no input, preprocessed or not (openSource says so).
  if (preprocesses(pre, name) && !(name === '-' && isTerminal(0))) {
    const waited = await wait(preprocessed(pre, name).then((made) => ({ made })));
    if (waited === null) throw new QuitBeforeInput();
    if (waited.made) return waited.made;
  }
  const source = openSource(file);
  // A terminal as the input (lwl - typed at a prompt) is not waited for.
  if (source.isFile || isTerminal(source.fd)) return source;
  const read = firstBytesOfPipe(source.fd, HEAD_SIZE).catch((err: unknown) => {
    throw readError(source, err);
  });
  const first = await wait(read);
  if (first === null) throw new QuitBeforeInput();
  source.head = first.head;
  if (first.rest) source.stream = first.rest;
  return source;
}

/** Waits for a pipe's first bytes (or a preprocessor's): with q answered meanwhile when paging (null: q was pressed), or plainly. */
type Wait = <T>(work: Promise<T>) => Promise<T | null>;

/** How the input is opened: through LESSOPEN's preprocessor, in secure mode, waiting as `wait` does. */
interface InputWays {
  pre?: Preprocessing | null;
  secure?: boolean;
  wait?: Wait;
}

/** q was pressed before the input sent anything: lwl ends, as it would have on the first screen. */
class QuitBeforeInput extends Error {}

/**
 * The first of the files that opens, as less goes on past one that does not:
 * the files that remain (those that failed are dropped, as less drops them),
 * and what was said about those that failed. With none left, the last error.
 */
async function openFirstInput(files: string[], ways: InputWays): Promise<{ source: Source; files: string[]; skipped: string[] }> {
  const skipped: string[] = [];
  for (let i = 0; i < files.length; i++) {
    try {
      return { source: await openInput(files[i], ways), files: files.slice(i), skipped };
    } catch (err) {
      if (!(err instanceof OpenError) || i === files.length - 1) throw err;
      skipped.push(`${err.file}: ${err.userMessage}`);
    }
  }
  return { source: await openInput(null, ways), files, skipped };
}

/** Copies each file in turn (a missing one said on stderr, as less and cat do); an error only if none could be read. */
function copyEach(files: string[]): number {
  let copied = 0;
  for (const file of files) {
    try {
      copyThrough(openSource(file));
      copied++;
    } catch (err) {
      if (!(err instanceof OpenError)) throw err;
      fail(`lwl: ${sanitize(err.file)}: ${err.userMessage}`, 1);
    }
  }
  return copied > 0 ? 0 : 1;
}

/**
 * Asks, as less does, before showing what looks like a binary file: true
 * to see it (y), false for anything else (n, q, ^C).
 */
async function seeBinaryAnyway(term: Terminal, name: string): Promise<boolean> {
  const what = name === '-' ? 'Standard input' : sanitize(name);
  const answer = await term.ask(`${what} may be a binary file. See it anyway? `);
  return answer === 'y' || answer === 'Y';
}

/**
 * Copies the input to stdout unchanged (stdout is not a terminal), as less
 * does: a compressed file too, as it is (less without LESSOPEN, and cat, do
 * the same), so that `lwl x.gz > y.gz` copies it; zcat decompresses.
 */
function copyThrough(source: Source): void {
  const buf = Buffer.allocUnsafe(1024 * 1024);
  const read = () => {
    try {
      return readBlocking(source.fd, buf);
    } catch (err) {
      throw readError(source, err);
    }
  };
  for (let n = read(); n > 0; n = read()) writeAll(1, buf.subarray(0, n));
}

/** A failed write to standard output (a full disk, a device error). */
function isWriteError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && (err as NodeJS.ErrnoException).syscall === 'write' && typeof (err as NodeJS.ErrnoException).code === 'string';
}

/** `lwl --links`: every link in document order, one a line: number, text, and URL or error. */
async function printLinks(page: PageText, prefix: string): Promise<void> {
  await page.loader.readAll();
  const lines: string[] = [];
  for (let i = 0; i < page.doc.links.count; i++) {
    const target = page.links.get(i);
    // The text column passes the sanitizer (a tab or newline in it would break the columns);
    // the URL is printed as serialized, which is printable ASCII, but for `…@` in place of a user name and password.
    const text = sanitize(linkText(page.doc, i));
    lines.push(`${prefix}${i + 1}\t${text}\t${target.ok ? maskedHref(target.url) : `error: ${sanitize(target.reason)}`}\n`);
    if (lines.length >= 4096) writeAll(1, lines.splice(0).join(''));
  }
  writeAll(1, lines.join(''));
}

/** Prints the document as shown, without paging, for terminals lwl cannot drive. */
async function printPlain(loader: Loader): Promise<void> {
  await loader.readAll();
  const text = loader.doc.text;
  text.forEachPiece(0, text.length, (piece) => writeAll(1, piece));
}

/**
 * -F: whether the whole text fits above the status line. Reads on (a pipe is
 * waited for) until the input ends or fills the screen, as less does.
 */
async function fitsOnOneScreen(loader: Loader, size: Size, chop: boolean): Promise<boolean> {
  const height = size.rows - 1;
  for (;;) {
    const rows = new Wrap(loader.doc, size.cols, chop).visibleRows(0, height + 1).length;
    if (rows > height) return false;
    if (loader.doc.complete) return true;
    await loader.readMore();
  }
}

/**
 * The names on the command line as lwl reads them: a file: URL as its path,
 * a name that is no file but looks like a host as an http:// address (the
 * note says so, once), the rest as given.
 */
function namedFiles(names: string[]): { files: string[]; note: string | null } {
  let note: string | null = null;
  const files = names.map((name) => {
    if (name === '-') return name;
    const address = readAddress(name, (file) => fs.existsSync(file));
    if (address.kind === 'bad') throw new UserError(`lwl: ${address.reason}`, 1);
    if (address.kind === 'path') return address.path;
    if (address.guessed) note ??= guessNote(name, address.url);
    return serializeUrl(address.url);
  });
  // Said on stderr where there is no status line to say it on.
  if (note && !isTerminal(1)) process.stderr.write(`lwl: ${sanitize(note)}\n`);
  return { files, note };
}

/** --bookmarks: the bookmarks file, which `a` makes. */
function bookmarksFile(): string {
  const file = bookmarksPath(process.env);
  if (file === null) throw new UserError('lwl: --bookmarks: neither XDG_DATA_HOME nor HOME is set', 1);
  if (!fs.existsSync(file)) throw new UserError(`lwl: no bookmarks yet: a adds the page shown to ${file}`, 1);
  return file;
}

/** Says why lwl ends, on stderr (which may be gone too), and gives the exit status. */
function fail(message: string, status: number): number {
  try {
    // Messages quote arguments and paths: each line passes the sanitizer.
    writeAll(2, message.split('\n').map((line) => sanitize(line)).join('\n') + '\n');
  } catch {
    // Nowhere left to say it.
  }
  return status;
}

export async function main(args: string[]): Promise<number> {
  try {
    const config = readConfig(process.env);
    const opts = readOptions(args, process.env, config);
    if (opts.help) {
      writeAll(1, usageText() + '\n');
      return 0;
    }
    if (opts.version) {
      writeAll(1, `lwl ${version}\n`);
      return 0;
    }
    if (opts.printConfig) {
      writeAll(1, printConfig(themeFor(true)));
      return 0;
    }
    if (opts.manual) {
      writeAll(1, manPage(version));
      return 0;
    }
    for (const note of [...opts.notes, ...config.errors]) process.stderr.write(sanitize(note) + '\n');
    const base = opts.base === null ? null : parseBase(opts.base);
    const kind = parseKind(opts.kind);
    const named = namedFiles(opts.bookmarks ? [bookmarksFile(), ...opts.files] : opts.files);
    let files = named.files;
    // A web page named first: the pager loads it (the others are files or pages for :n).
    const startUrl = files.length > 0 ? httpUrl(files[0]) : null;
    const cookies = { refused: opts.noCookies, file: config.cookies === null ? null : configuredFile(config.cookies, process.env) };
    if (startUrl) {
      if (opts.secure) throw new UserError('lwl: fetching web pages is disabled in secure mode', 1);
      const say = (message: string) => process.stderr.write(`lwl: ${sanitize(message)}\n`);
      // In the pager, the pager's own loads say it on the status line.
      const options = {
        ...loadOptions(version, process.env, proxyFromEnv(process.env), opts.links || !isTerminal(1) || isDumb(process.env) ? say : undefined),
        cookies: opts.noCookies ? null : new SessionCookies(cookies.file, say),
      };
      if (!opts.links && !isTerminal(1)) return await copyPage(startUrl, options, (text) => writeAll(1, text), say);
      if (opts.links || isDumb(process.env)) {
        const { loader, load } = await wholePage(startUrl, options);
        const said = load.endMessage(200);
        if (said) say(said);
        if (opts.links) await printLinks(pageText(loader, base, load.url), '');
        else await printPlain(loader);
        return said ? 1 : 0;
      }
    }
    // A directory alone, not paged: its listing is printed (or its links listed), as w3m -dump prints one.
    if (files.length === 1 && (opts.links || !isTerminal(1)) && isDirectory(files[0])) {
      const { loader } = openDirectory(files[0]);
      if (opts.links) await printLinks(pageText(loader, base), '');
      else await printPlain(loader);
      return 0;
    }
    if (opts.links) {
      // With several files, each line starts with the file's name.
      if (files.length <= 1) await printLinks(pageText(new Loader(await openInput(files[0] ?? null), kind), base), '');
      else for (const file of files) await printLinks(pageText(new Loader(await openInput(file), kind), base), `${sanitize(file)}\t`);
      return 0;
    }
    if (!isTerminal(1)) {
      // Not a terminal: every file in turn, as cat (and less) would.
      if (files.length > 0) return copyEach(files);
      copyThrough(openSource(null));
      return 0;
    }
    const bindings = new Bindings(config.rebindings, opts.lessKeys);
    let term: Terminal | null = null;
    const openTerminal = () => (term ??= Terminal.open({ alternateScreen: !opts.noAlternateScreen, mouse: opts.mouse }));
    const quits = (key: string) => bindings.for('starting', key)?.[0] === 'quit';
    const wait: Wait = (work) => openTerminal().unlessQuit(work, quits);
    // A web page comes later: the pager shows it as it arrives, in place of this empty one.
    let source: Source | null = null;
    let skipped: string[] = [];
    // LESSOPEN, as less runs it: on the files paged (not in secure mode, nor with -L).
    const preprocessing = preprocessingFrom(process.env, (opts.secure && !opts.secureAllow.includes('lessopen')) || !opts.lessopen);
    const ways: InputWays = { pre: preprocessing, secure: opts.secure, wait };
    // A directory named first: its listing, read as the pager shows it.
    const listing = !startUrl && files.length > 0 && isDirectory(files[0]) ? openDirectory(files[0]) : null;
    if (!startUrl && !listing) ({ source, files, skipped } = files.length > 1 ? await openFirstInput(files, ways) : { source: await openInput(files[0] ?? null, ways), files, skipped });
    const loader = source ? new Loader(source, kind) : (listing?.loader ?? Loader.fromText(files[0], ''));
    const size = outputSize() ?? { cols: 0, rows: 0 };
    if (!listing) await loader.readStart(size.rows);
    // The question is asked before the screen is taken: "n" leaves nothing behind.
    if (source && !opts.force && looksBinary(loader.head, loader.complete)) {
      term = openTerminal();
      if (!(await seeBinaryAnyway(term, source.name))) {
        term.close();
        loader.stop();
        return 0;
      }
    }
    if (isDumb(process.env) || size.cols < 2 || size.rows < 2) {
      term?.close();
      await printPlain(loader);
      return 0;
    }
    if (source && opts.quitIfOneScreen && (await fitsOnOneScreen(loader, size, opts.chop))) {
      term?.close();
      // In the colours and attributes it would be paged in, as less -FR prints.
      const { color } = detectCaps(process.env);
      printStyled(loader.doc, { ...themeFor(color), ...config.colors }, color, (part) => writeAll(1, part));
      return 0;
    }
    term = openTerminal();
    const settings = {
      secure: opts.secure,
      secureAllows: new Set(opts.secureAllow),
      bindings,
      theme: { ...themeFor(detectCaps(process.env).color), ...config.colors },
      look: { color: detectCaps(process.env).color, hyperlinks: useHyperlinks(process.env, opts.hyperlinks) },
      browser: config.browser,
      startKeys: opts.startKeys,
      incsearch: opts.incsearch,
      followName: opts.followName,
      jumpTarget: opts.jumpTarget,
      regexSearch: opts.regexSearch,
      // What went wrong first: the config file, a file that would not open, a word in LESS.
      message: config.errors[0] ?? named.note ?? (skipped.length ? skipped.join('; ') : null) ?? opts.warnings[0] ?? (files.length > 1 ? `${files[0]} (file 1 of ${files.length})` : null),
      files,
      preprocessing,
      base,
      kind,
      chop: opts.chop,
      lineNumbers: opts.lineNumbers,
      caseless: opts.caseless,
      startUrl,
      version,
      cookies,
    };
    return await new Pager(term, listing ?? filePage(loader, base), settings).run();
  } catch (err) {
    // Each error the user or the system caused is one sentence: 2 for usage, 1 for the rest.
    if (err instanceof UserError) return fail(err.message, err.status);
    if (err instanceof OpenError) return fail(`lwl: ${sanitize(err.file)}: ${err.userMessage}`, 1);
    if (err instanceof NoTerminalError) return fail(`lwl: ${err.message}`, 1);
    if (err instanceof QuitBeforeInput) return 0;
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    if (isWriteError(err)) return fail(`lwl: cannot write to standard output: ${reason(err)}`, 1);
    throw err;
  }
}
