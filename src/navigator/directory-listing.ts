// A directory shown as a page (lwl DIR, :e DIR, a file: link to one): its
// listing is made as a document of lwl's markup, read by a Loader from a
// stream as a web page is. The directory is read asynchronously (its entries,
// then each one's size and date, a few at a time), so that keys are answered
// all the while, however many entries it has; the heading shows at once, the
// sorted entries once they are all known, handed over as the reader wants them.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Loader, OpenError, reason } from '../input/load.ts';
import { entryLine, listedBefore, listingHead, nameColumn, parentLine, type Entry } from './directory-text.ts';
import { sortInSlices } from './sliced-sort.ts';
import { pageText, type DirectoryPage } from './page.ts';
import { formatCount } from '../text/count.ts';

/** Entries looked at (stat) at once. */
const STATS_AT_ONCE = 32;
/** Entries' lines handed to the stream at a time. */
const LINES_AT_ONCE = 512;
/** Progress is told every this many entries: a directory smaller says nothing. */
const TELL_EVERY = 2000;

/** Whether `name` is a directory (following a symbolic link). */
export function isDirectory(name: string): boolean {
  try {
    return fs.statSync(name).isDirectory();
  } catch {
    return false;
  }
}

/** A page listing the directory `dir`; throws OpenError if it cannot be read. */
export function openDirectory(dir: string): DirectoryPage {
  const full = path.resolve(dir);
  let handle: fs.Dir;
  try {
    handle = fs.opendirSync(full, { bufferSize: 256 });
  } catch (err) {
    throw new OpenError(dir, reason(err as NodeJS.ErrnoException));
  }
  const name = full === '/' ? '/' : `${full}/`;
  const listing = new Listing(full, handle);
  const loader = new Loader({ name, fd: -1, isFile: false, size: null, stream: listing.stream, kindName: name, charset: 'utf-8' }, 'markup');
  return { ...pageText(loader), kind: 'directory', path: full, listing };
}

/** What an entry's look says of it; a link is followed to say whether it is a directory. */
async function lookAt(dir: string, dirent: fs.Dirent): Promise<Entry> {
  const file = path.join(dir, dirent.name);
  const entry = { name: dirent.name, directory: dirent.isDirectory(), size: null, mtime: null };
  try {
    const stat = dirent.isSymbolicLink() ? await fs.promises.stat(file).catch(() => fs.promises.lstat(file)) : await fs.promises.lstat(file);
    return { ...entry, directory: stat.isDirectory(), size: stat.isFile() ? stat.size : null, mtime: stat.mtimeMs };
  } catch {
    return entry;
  }
}

export class Listing {
  readonly stream: Readable;
  /** Told how far the reading is, for the status line (a big directory: a few seconds). */
  watch: (progress: string) => void = () => {};
  /** Waits for a later turn between the sort's slices: the pager's scheduler's, once it pages the listing (printed, there are no keys to answer). */
  nextTurn: () => Promise<void> = () => Promise.resolve();
  private told = false;
  /** The lines still to hand over, once the entries are all known and sorted. */
  private lines: Iterator<string> | null = null;

  constructor(
    private readonly dir: string,
    handle: fs.Dir,
  ) {
    this.stream = new Readable({ read: () => this.pump() });
    this.stream.push(listingHead(this.dir === '/' ? '/' : `${this.dir}/`));
    void this.read(handle);
  }

  /** The page was closed: the reading stops. */
  private get closed(): boolean {
    return this.stream.destroyed;
  }

  private async read(handle: fs.Dir): Promise<void> {
    const dirents: fs.Dirent[] = [];
    let failure: string | null = null;
    try {
      for await (const dirent of handle) {
        if (this.closed) break;
        if (dirents.push(dirent) % TELL_EVERY === 0) this.tell(`${formatCount(dirents.length)} entries...`);
      }
    } catch (err) {
      failure = reason(err as NodeJS.ErrnoException);
    }
    const entries: Entry[] = [];
    // The names' column is measured as the entries come, a batch at a time.
    let column = nameColumn([]);
    for (let i = 0; i < dirents.length && !this.closed; i += STATS_AT_ONCE) {
      const batch = await Promise.all(dirents.slice(i, i + STATS_AT_ONCE).map((d) => lookAt(this.dir, d)));
      column = nameColumn(batch, column);
      entries.push(...batch);
      if (i % TELL_EVERY === 0 && this.told) this.tell(`${formatCount(i)} of ${formatCount(dirents.length)} entries looked at...`);
    }
    if (this.closed) return;
    const sorted = await sortInSlices(entries, listedBefore, () => this.nextTurn(), () => this.closed);
    if (!sorted) return;
    const parent = this.dir === '/' ? null : await fs.promises.stat(path.dirname(this.dir)).catch(() => null);
    this.lines = this.linesOf(sorted, column, parent?.mtimeMs ?? null, failure);
    this.pump();
    if (this.told) this.watch(`${this.dir}: ${formatCount(entries.length)} entries`);
  }

  private tell(progress: string): void {
    this.told = true;
    this.watch(`Reading ${this.dir}: ${progress}`);
  }

  private *linesOf(entries: Entry[], column: number, parentTime: number | null, failure: string | null): Iterator<string> {
    let chunk = this.dir === '/' ? '' : parentLine(this.dir, parentTime, column);
    if (entries.length === 0) chunk += '(empty)\n';
    for (let i = 0; i < entries.length; i++) {
      chunk += entryLine(this.dir, entries[i], column);
      if ((i + 1) % LINES_AT_ONCE === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (failure) chunk += `\nCannot read further: ${failure}\n`;
    yield chunk;
  }

  /** Hands lines over while the stream takes them. */
  private pump(): void {
    if (!this.lines || this.closed) return;
    for (;;) {
      const next = this.lines.next();
      if (next.done) {
        this.lines = null;
        this.stream.push(null);
        return;
      }
      if (!this.stream.push(next.value)) return;
    }
  }
}
