// Opening a page from a file: one of the list (:n, :e), a local file a link
// names, or the file shown read again as another kind (r, K, \). Each reads
// its first screen before it is shown; a file that cannot be read gives the
// sentence that says why.
import type { Kind } from '../document/readers/kind-names.ts';
import { Loader, OpenError, openRegularFile, type Source } from '../input/load.ts';
import { parseUrl, type UrlRecord } from '../link/url/index.ts';
import { localPath } from '../link/local-file.ts';
import type { ManPage } from '../link/man.ts';
import { manSource } from '../input/man-page.ts';
import { isDirectory, openDirectory } from './directory-listing.ts';
import { filePage, type DirectoryPage, type FilePage, type Page } from './page.ts';

/** A loader on `source` with its first `rows` read; throws OpenError (the loader closed) if that fails. */
function readFirst(source: Source, kind: Kind | null, rows: number): Loader {
  const loader = new Loader(source, kind);
  try {
    loader.readFirst(rows);
  } catch (err) {
    loader.stop();
    throw err;
  }
  return loader;
}

/**
 * A file of the list after the first (:n, :p, :e): a regular file only, as
 * for a link: a named pipe would block lwl in its open, and a device or the
 * terminal would take the keys (only the first file named may be a pipe);
 * or what LESSOPEN made of it (`preprocessed`). A directory is listed.
 * Throws OpenError with the reason it cannot be read.
 */
export function openListed(name: string, rows: number, kind: Kind | null, base: UrlRecord | null, preprocessed: Source | null = null): FilePage | DirectoryPage {
  if (!preprocessed && isDirectory(name)) return openDirectory(name);
  return filePage(readFirst(preprocessed ?? openRegularFile(name), kind, rows), base);
}

/** A local regular file (or directory: its listing) a `file:` link names, or the sentence that says why it cannot be opened. */
export function openLinked(url: string, rows: number): FilePage | DirectoryPage | string {
  const parsed = parseUrl(url);
  const file = parsed.ok ? localPath(parsed.url) : null;
  if (file === null) return `Cannot open ${url}: not a file on this machine`;
  try {
    if (isDirectory(file)) return openDirectory(file);
    return filePage(readFirst(openRegularFile(file), null, rows));
  } catch (err) {
    const reason = err instanceof OpenError ? err.userMessage : (err as Error).message;
    return `Cannot open ${url}: ${reason}`;
  }
}

/** A manual page (a `man:` link, `lwl man:ls`, `:e man:bash`), as man formats it for `cols` columns: it reads as it comes. */
export function openManPage(page: ManPage, cols: number): FilePage {
  return filePage(new Loader(manSource(page, cols)));
}

/** The kind r (same), K (switch: markup and plain) or \\ (raw, and back) reads the page shown as. */
export function kindToReopen(page: Page, as: 'same' | 'switch' | 'raw'): Kind {
  const kind = page.doc.kind;
  if (as === 'same') return kind;
  if (as === 'raw') {
    const before = page.kind === 'file' || page.kind === 'web' ? page.kindBeforeRaw : null;
    return kind === 'raw' ? (before ?? 'plain') : 'raw';
  }
  if (kind !== 'plain') return 'plain';
  // From plain, K reads the document as its name and start say (Markdown, HTML), or as lwl's markup.
  const named = page.loader.contentKind;
  return named === 'plain' ? 'markup' : named;
}

/** The file shown read again as `kind`, or the sentence that says why it cannot be (a pipe cannot be read again). */
export function reopenFile(page: Page, kind: Kind, rows: number, base: UrlRecord | null): FilePage | string {
  const { source } = page.loader;
  if (!source.isFile || source.fd === 0 || page.kind === 'help' || source.preprocessed) {
    return `${source.name === '-' ? 'Standard input' : 'This text'} cannot be read again: it is read as ${page.doc.kind}`;
  }
  try {
    // A regular file it was: if a pipe or a device took its name since, it is not opened.
    const loader = readFirst(openRegularFile(source.name), kind, rows);
    return filePage(loader, base, kind === 'raw' ? (page.doc.kind) : null);
  } catch (err) {
    if (!(err instanceof OpenError)) throw err;
    return `Cannot read ${source.name} again: ${err.userMessage}`;
  }
}
