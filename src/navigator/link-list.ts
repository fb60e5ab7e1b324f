// L: the links of the page shown, as a page of their own (lynx's l, w3m's
// link list): each entry its number on the page (the one # shows), its text
// and its URL, and a link to where it goes. Backspace returns to the page.
import { linkText } from '../draw/preview.ts';
import { maskedHref } from '../link/render.ts';
import { formatCount } from '../text/count.ts';
import type { UrlRecord } from '../link/url/index.ts';
import { listPage, type ListEntry } from './list-page.ts';
import type { ListPage, Page } from './page.ts';

/** The entries of the page's links, in document order, numbered as the page numbers them. */
export function linkEntries(page: Page): ListEntry[] {
  const entries: ListEntry[] = [];
  for (let i = 0; i < page.doc.links.count; i++) {
    const target = page.links.get(i);
    const text = linkText(page.doc, i);
    if (target.ok) entries.push({ text, href: target.href, shown: maskedHref(target.url) });
    else entries.push({ text, href: null, shown: '', note: `cannot follow: ${target.reason}` });
  }
  return entries;
}

/** The web page `page` is, or lists the links of: where its links are followed from. */
function webUrlOf(page: Page): UrlRecord | null {
  if (page.kind === 'web') return page.web.url;
  if (page.kind === 'list') return page.from;
  return null;
}

/** The page of `page`'s links; followed as from `page` (a web page's file: links ask first). */
export function linkListPage(page: Page): ListPage {
  const entries = linkEntries(page);
  const title = page.doc.title ?? (page.doc.name === '-' ? 'standard input' : page.doc.name);
  const count = entries.length === 0 ? 'no links' : entries.length === 1 ? 'one link' : `${formatCount(entries.length)} links`;
  const heading = `Links of ${title}: ${count} (Enter follows one, Backspace returns)`;
  return listPage(`links of ${title}`, heading, entries, webUrlOf(page));
}
