// L: the links of the page shown, as a page of their own (lynx's l, w3m's
// link list): each entry its number on the page (the one # shows), its text
// and its URL, and a link to where it goes. Backspace returns to the page.
import { linkText } from '../draw/preview.ts';
import { maskedHref } from '../link/render.ts';
import { formatCount } from '../text/count.ts';
import { parseUrl, percentDecode, serializeUrl, type UrlRecord } from '../link/url/index.ts';
import { findFragment } from '../document/fragments.ts';
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
  return listPage(`links of ${title}`, heading, entries, page, webUrlOf(page));
}

/**
 * Where a link followed from a list of `list.listed`'s links goes in that page
 * itself (`href` is the page's own URL with a fragment): the offset the
 * fragment names (null: the page does not define it), and the fragment; or
 * null when it leads elsewhere. Going back there, as Enter on the page would
 * jump, reads no page again.
 */
export function placeInListed(list: Page, href: string): { at: number | null; fragment: string } | null {
  if (list.kind !== 'list' || list.listed === null) return null;
  const parsed = parseUrl(href);
  if (!parsed.ok || parsed.url.fragment === null) return null;
  const page = list.listed;
  if (serializeUrl(parsed.url, true) !== serializeUrl(page.links.base.url, true)) return null;
  const fragment = parsed.url.fragment;
  return { at: findFragment(page.doc, fragment), fragment: Buffer.from(percentDecode(fragment)).toString('utf8') };
}
