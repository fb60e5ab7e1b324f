// G on a regular file much of which is still to read: its last lines at
// once, read on their own from a line's start, while the file is read on in
// slices. Line numbers and the percent show ? until then; the file's own page
// takes the window's place, at the same line, once it is all read. Which keys
// stay in the window is keymap.ts's `endWindowActions`.
import { sameFromEnd, UnknownLines } from '../document/lines.ts';
import { Loader } from '../input/load.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { State } from '../state/state.ts';
import { pageText, type EndWindowPage, type Page } from './page.ts';

/** The window holds the file's last bytes, this many... */
const END_WINDOW = 128 * 1024;
/** ...when more than this is still to read. */
const END_UNREAD = 16 * 1024 * 1024;
/** The text of a last screen, about: whose styles are found ahead of G (80 columns by 60 rows). */
const LAST_SCREEN = 80 * 60;
/** The kinds whose text from a line's start reads as it does in the whole. */
const END_KINDS = new Set(['plain', 'markup', 'raw']);

/**
 * The end windows made ahead of G, by main page's loader: made between keys
 * once the first screen is up (prepareEndWindow), so that G only draws. Made
 * at G, the window's text was read by code that had never run (an in-memory
 * text, not the file's) and took most of G's time.
 */
const prepared = new WeakMap<Loader, Loader>();

/** Whether G on `main` shows a window now: a regular file of a kind read from any line's start, with much still to read. */
function showsWindow(main: Page): boolean {
  const { doc, loader } = main;
  if (main.kind === 'help' || main.kind === 'endWindow' || !END_KINDS.has(doc.kind) || loader.source.size === null) return false;
  return loader.source.size - doc.bytesRead >= END_UNREAD;
}

/** The window's text: the file's last bytes from a line's start, read (null if there is no such line start). */
function endLoaderOf(main: Page): Loader | null {
  const end = main.loader.readEnd(END_WINDOW);
  if (!end) return null;
  const endLoader = Loader.fromBytes(main.doc.name, end.bytes, main.doc.kind);
  endLoader.doc.endWindow = true;
  return endLoader;
}

/** Makes G's window on `main`'s end ahead of G, if G would show one: the text read, and the styles of its last screen found. */
export function prepareEndWindow(main: Page): void {
  if (prepared.has(main.loader) || !showsWindow(main)) return;
  const endLoader = endLoaderOf(main);
  if (!endLoader) return;
  const { text, styleSpans } = endLoader.doc;
  styleSpans.range(Math.max(0, text.length - LAST_SCREEN), text.length);
  prepared.set(main.loader, endLoader);
}

/** G's window on `main`'s end, or null when G should wait for the whole file (little left to read, not a regular file, a kind read from its start). */
export function openEndWindow(main: Page, before: State, base: UrlRecord | null): EndWindowPage | null {
  const early = prepared.get(main.loader);
  prepared.delete(main.loader);
  if (!showsWindow(main)) return null;
  // Made ahead, it holds what G would read now: the file's end at the size it was opened at.
  const endLoader = early ?? endLoaderOf(main);
  if (!endLoader) return null;
  main.loader.want(Infinity);
  return { ...pageText(endLoader, base), lines: new UnknownLines(endLoader.doc), kind: 'endWindow', main, before };
}

/** The state to show the file's page in, in the window's place: the same place (the same line from the end), no selection or search. */
export function stateFromEnd(window: EndWindowPage, state: State): State {
  const top = sameFromEnd(window.doc.text, state.top, window.main.doc.text);
  return { ...state, top, selected: null, matches: null, match: null };
}
