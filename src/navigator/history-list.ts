// V: the pages of this session, as a page of links (w3m's history list, lynx's
// V): those Backspace goes back through, oldest first, then the one shown,
// each its title and URL. Enter on one loads it anew, as a link to it would.
import { locationBase } from '../link/base.ts';
import { maskedHref } from '../link/render.ts';
import { serializeUrl, type UrlRecord } from '../link/url/index.ts';
import { listPage, type ListEntry } from './list-page.ts';
import { isLwlsOwn, type ListPage, type Page } from './page.ts';

/** Where the page can be loaded from again: a web page's URL, a file's file: URL; null for standard input. */
function locationOf(page: Page): UrlRecord | null {
  if (page.kind === 'endWindow') return locationOf(page.main);
  if (page.kind === 'web') return page.web.url;
  if (page.doc.name === '-') return null;
  return locationBase(page.doc.name).url;
}

/** The entry of one page of the session; `shown`: it is the page the list was asked from. */
function historyEntry(page: Page, shown: boolean): ListEntry {
  const url = locationOf(page);
  const name = page.doc.name === '-' ? 'standard input' : '';
  const text = page.doc.title ?? name;
  const note = shown ? 'this page' : undefined;
  if (url === null) return { text, href: null, shown: '', note };
  return { text, href: serializeUrl(url), shown: maskedHref(url), note };
}

/** The history page of `trail` (the pages Backspace goes back through, oldest first, then the one shown); lwl's own pages are left out. */
export function historyPage(trail: readonly Page[]): ListPage {
  const pages = trail.filter((page) => !isLwlsOwn(page));
  const entries = pages.map((page, i) => historyEntry(page, i === pages.length - 1 && page === trail[trail.length - 1]));
  const count = entries.length === 1 ? 'one page' : `${entries.length} pages`;
  return listPage('history', `History of this session: ${count}, the oldest first (Enter loads one, Backspace returns)`, entries, null, null);
}
