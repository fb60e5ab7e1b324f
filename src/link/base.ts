// Where a document's relative links are resolved from: the first that applies
// of --base, a bro "Retrieved from" line, an HTML <base href>, the file's own
// location, or (for a pipe) the current directory.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Document } from '../document/document.ts';
import { parseUrl, type UrlRecord } from './url/index.ts';

export type BaseSource = 'option' | 'retrieved' | 'html' | 'file' | 'cwd' | 'web';

export interface Base {
  url: UrlRecord;
  source: BaseSource;
}

/** The URL of a bro page's first line: `Retrieved from [URL](URL) on DATE.` */
export function retrievedFrom(doc: Document): string | null {
  if (doc.links.count === 0 || doc.links.start(0) !== 'Retrieved from '.length) return null;
  const firstLine = doc.text.text(0, doc.text.lineEnd(0));
  if (!/^Retrieved from \[[^\n]*\] on [^\n]*\.\s*$/.test(firstLine)) return null;
  return doc.href(0);
}

/** The document's own location: its file as a file: URL, or the current directory for a pipe. */
export function locationBase(name: string, cwd = process.cwd()): Base {
  if (name === '-') {
    const dir = pathToFileURL(cwd.endsWith(path.sep) ? cwd : cwd + path.sep).href;
    return { url: mustParse(dir), source: 'cwd' };
  }
  return { url: mustParse(pathToFileURL(path.resolve(cwd, name)).href), source: 'file' };
}

function mustParse(href: string): UrlRecord {
  const result = parseUrl(href);
  if (!result.ok) throw new Error(`cannot parse ${href}: ${result.reason}`);
  return result.url;
}

/** The base for `doc`: `option` (from --base) wins, then what the document says, then its location (`web`: the URL a page was fetched from). */
export function discoverBase(doc: Document, option: UrlRecord | null, web: UrlRecord | null = null): Base {
  if (option) return { url: option, source: 'option' };
  const location: Base = web ? { url: web, source: 'web' } : locationBase(doc.name);
  const retrieved = retrievedFrom(doc);
  if (retrieved !== null) {
    const result = parseUrl(retrieved, location.url);
    if (result.ok) return { url: result.url, source: 'retrieved' };
  }
  // From the parsed tree (an HTML document's first <base> with an href), never a scan of the text.
  const html = doc.baseHref;
  if (html !== null) {
    const result = parseUrl(html, location.url);
    if (result.ok) return { url: result.url, source: 'html' };
  }
  return location;
}
