// The pages of links lwl makes (L: a page's links, V: this session's pages):
// one entry a line, its number, then its text and URL as one link, written in
// lwl's markup and read by its reader, so that the list is a document as any
// other (search, #, Tab, Enter, v, --links's masking of credentials).
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

/** lwl's markup escapes: a bracket or parenthesis in the text or href stands for itself. */
const escaped = (text: string) => text.replace(/[[\]()]/g, '\\$&');

/** One line of the list: the entry's number, right-aligned in `digits`, then the entry. */
function entryLine(entry: ListEntry, n: number, digits: number): string {
  const number = String(n).padStart(digits);
  const text = sanitize(entry.text.replace(/\s+/g, ' ').trim());
  const words = [text, entry.shown].filter((part) => part !== '').join('  ');
  const note = entry.note ? `  (${sanitize(entry.note)})` : '';
  if (entry.href === null) return `${number} ${escaped(words)}${note}`;
  return `${number} [${escaped(words)}](${escaped(entry.href)})${note}`;
}

/** The list as a page: a heading line, a blank, the entries; `from`: the web page the links are on. */
export function listPage(name: string, heading: string, entries: ListEntry[], from: UrlRecord | null): ListPage {
  const digits = String(Math.max(1, entries.length)).length;
  const lines = [escaped(sanitize(heading)), '', ...entries.map((entry, i) => entryLine(entry, i + 1, digits))];
  return { ...pageText(Loader.fromText(name, lines.join('\n') + '\n')), kind: 'list', from };
}

/** What the state knows of the web page a list of links came from (a file: link on it asks first), or null. */
export function listedFrom(page: Page): WebContext | null {
  if (page.kind !== 'list' || page.from === null) return null;
  return { url: page.from, progress: null, facts: () => null };
}
