// The pages of links lwl makes (L: a page's links, V: this session's pages):
// one entry a line, its number, then its text and URL as one link: a document
// as any other (search, #, Tab, Enter, v), URLs shown with `…@` for
// credentials as --links shows them.
import { Loader } from '../input/load.ts';
import { sanitize } from '../text/sanitize.ts';
import type { UrlRecord } from '../link/url/index.ts';
import { pageText, type ListPage, type Page } from './page.ts';
import type { WebContext } from '../state/types.ts';

export interface ListEntry {
  /** What the entry is called (a link's text, a page's title); sanitized here. */
  text: string;
  /** Where it goes, as lwl follows it (null: nowhere, the entry is text only), and its URL as shown (credentials masked). */
  href: string | null;
  shown: string;
  /** Said after the entry, outside the link (why it cannot be followed, which page is this one). */
  note?: string;
}

/** One line of the list: the entry's number, right-aligned in `digits`, then the entry; where its link is in the line, if it has one. */
function entryLine(entry: ListEntry, n: number, digits: number): { line: string; link: [number, number] | null } {
  const number = `${String(n).padStart(digits)} `;
  const text = sanitize(entry.text.replace(/\s+/g, ' ').trim());
  const words = [text, entry.shown].filter((part) => part !== '').join('  ');
  const note = entry.note ? `  (${sanitize(entry.note)})` : '';
  const link: [number, number] | null = entry.href === null ? null : [number.length, number.length + words.length];
  return { line: number + words + note, link };
}

/**
 * The list as a page: a heading line, a blank, the entries; `listed`: the
 * page the links are on, `from`: its URL if it is a web page. Read as raw
 * text, which finds no links of its own (a URL in a link's text or in the
 * heading is not one), and given the entries' links here.
 */
export function listPage(name: string, heading: string, entries: ListEntry[], listed: Page | null, from: UrlRecord | null): ListPage {
  const digits = String(Math.max(1, entries.length)).length;
  const head = `${sanitize(heading)}\n\n`;
  const lines = entries.map((entry, i) => entryLine(entry, i + 1, digits));
  const page = pageText(Loader.fromBytes(name, Buffer.from(head + lines.map(({ line }) => `${line}\n`).join('')), 'raw'));
  let at = Buffer.byteLength(head);
  lines.forEach(({ line, link }, i) => {
    if (link) {
      const [start, end] = link.map((k) => at + Buffer.byteLength(line.slice(0, k)));
      const href = Buffer.from(entries[i].href!);
      page.doc.addLink(start, end, page.doc.hrefs.addBytes(href, 0, href.length));
    }
    at += Buffer.byteLength(line) + 1;
  });
  return { ...page, kind: 'list', from, listed };
}

/** What the state knows of the web page a list of links came from (a file: link on it asks first), or null. */
export function listedFrom(page: Page): WebContext | null {
  if (page.kind !== 'list' || page.from === null) return null;
  return { url: page.from, progress: null, facts: () => null };
}
