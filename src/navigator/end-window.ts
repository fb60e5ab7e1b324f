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
/** The kinds whose text from a line's start reads as it does in the whole. */
const END_KINDS = new Set(['plain', 'markup', 'raw']);

/** G's window on `main`'s end, or null when G should wait for the whole file (little left to read, not a regular file, a kind read from its start). */
export function openEndWindow(main: Page, before: State, base: UrlRecord | null): EndWindowPage | null {
  const { doc, loader } = main;
  if (main.kind === 'help' || main.kind === 'endWindow' || !END_KINDS.has(doc.kind) || loader.source.size === null) return null;
  if (loader.source.size - doc.bytesRead < END_UNREAD) return null;
  const end = loader.readEnd(END_WINDOW);
  if (!end) return null;
  const endLoader = Loader.fromBytes(doc.name, end.bytes, doc.kind);
  endLoader.doc.endWindow = true;
  main.loader.want(Infinity);
  return { ...pageText(endLoader, base), lines: new UnknownLines(endLoader.doc), kind: 'endWindow', main, before };
}

/** The state to show the file's page in, in the window's place: the same place (the same line from the end), no selection or search. */
export function stateFromEnd(window: EndWindowPage, state: State): State {
  const top = sameFromEnd(window.doc.text, state.top, window.main.doc.text);
  return { ...state, top, selected: null, matches: null, match: null };
}
