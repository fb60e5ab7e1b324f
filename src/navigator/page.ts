// A page: a document being read, with what is derived from it, and what kind
// of page it is. The kinds are a union, so that what belongs to one (a web
// page's load, G's window's file) is not a flag every page carries.
import type { Document } from '../document/document.ts';
import type { Kind } from '../document/readers/kind-names.ts';
import { LineIndex } from '../document/lines.ts';
import type { Loader } from '../input/load.ts';
import { LinkTargets } from '../link/targets.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { WebLoad } from '../web/web-load.ts';
import type { State } from '../state/state.ts';

/** What every page has: the document, its loader, its links and its line index. */
export interface PageText {
  doc: Document;
  loader: Loader;
  links: LinkTargets;
  lines: LineIndex;
}

/** A file, a pipe or a device: what the command line, :e, :n and file: links open. */
export interface FilePage extends PageText {
  kind: 'file';
  /** The user was told that the file changed under lwl. */
  changeTold: boolean;
  /** For the raw view (\\): the kind to go back to. */
  kindBeforeRaw: Kind | null;
}

/** A page from the web: its load (while connecting, the text is empty). */
export interface WebPage extends PageText {
  kind: 'web';
  web: WebLoad;
  /** The first screen of its text was drawn (drawn as soon as there is text, not at the next frame). */
  drawn: boolean;
  /** Where the screen goes once the text reaches it (a page loaded again). */
  restoreTop: number | null;
  /** The fragment to show once the page is read (a URL with #name). */
  fragment: string | null;
  kindBeforeRaw: Kind | null;
}

/** lwl's own help screen: q goes back from it instead of quitting. */
export interface HelpPage extends PageText {
  kind: 'help';
}

/** A page lwl makes of links (L: the page's, V: this session's pages): q or Backspace goes back from it. */
export interface ListPage extends PageText {
  kind: 'list';
  /** The web page whose links it lists: they are followed as from there (a file: link asks first). */
  from: UrlRecord | null;
  /** The page whose links it lists (L), null for the history (V): a link to a place in it goes back there. */
  listed: Page | null;
}

/** G's window at the end of a file not yet read: the file's page, and its state when G was pressed. */
export interface EndWindowPage extends PageText {
  kind: 'endWindow';
  main: Page;
  before: State;
}

/** A directory's listing (directory-listing.ts): each entry a link to its file: URL. */
export interface DirectoryPage extends PageText {
  kind: 'directory';
  /** The directory, as an absolute path. */
  path: string;
  /** Its reading (directory-listing.ts), which tells how far it is, and waits for a turn between its sort's slices. */
  listing: { watch: (progress: string) => void; nextTurn: () => Promise<void> };
}

export type Page = FilePage | WebPage | HelpPage | ListPage | EndWindowPage | DirectoryPage;

/** A page lwl made of its own (the help, a list of links): q goes back from it, and showing it stops no load. */
export const isLwlsOwn = (page: Page): boolean => page.kind === 'help' || page.kind === 'list';

/** The document, its links (resolved against `base`, or a web page's URL) and its line index. */
export function pageText(loader: Loader, base: UrlRecord | null = null, webUrl: UrlRecord | null = null): PageText {
  return { doc: loader.doc, loader, links: new LinkTargets(loader.doc, base, webUrl), lines: new LineIndex(loader.doc) };
}

export function filePage(loader: Loader, base: UrlRecord | null = null, kindBeforeRaw: Kind | null = null): FilePage {
  return { ...pageText(loader, base), kind: 'file', changeTold: false, kindBeforeRaw };
}
