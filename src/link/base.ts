// Where a document's relative links are resolved from: the first that applies
// of --base, a bro "Retrieved from" line, an HTML <base href>, the file's own
// location, or (for a pipe) the current directory.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Document } from '../document/document.ts';
import { parseUrl, type UrlRecord } from './url/index.ts';

export type BaseSource = 'option' | 'retrieved' | 'html' | 'file' | 'cwd';

export interface Base {
  url: UrlRecord;
  source: BaseSource;
}

/** How much of the document's start is searched for a base. */
const HEAD_BYTES = 64 * 1024;

/** The URL of a bro page's first line: `Retrieved from [URL](URL) on DATE.` */
export function retrievedFrom(doc: Document): string | null {
  if (doc.links.count === 0 || doc.links.start(0) !== 'Retrieved from '.length) return null;
  const firstLine = doc.text.text(0, doc.text.lineEnd(0));
  if (!/^Retrieved from \[[^\n]*\] on [^\n]*\.\s*$/.test(firstLine)) return null;
  return doc.href(0);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The href of the first <base> element with one, for an HTML document. */
export function htmlBaseHref(doc: Document): string | null {
  const head = doc.text.text(0, Math.min(doc.text.length, HEAD_BYTES));
  if (!/^\s*(<!doctype html|<html|<head)/i.test(head) && !/\.x?html?$/i.test(doc.name)) return null;
  const tag = /<base\s[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(head);
  if (!tag) return null;
  return decodeEntities((tag[2] ?? tag[3] ?? tag[4]).trim());
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

/** The base for `doc`: `option` (from --base) wins, then what the document says, then its location. */
export function discoverBase(doc: Document, option: UrlRecord | null): Base {
  if (option) return { url: option, source: 'option' };
  const location = locationBase(doc.name);
  const retrieved = retrievedFrom(doc);
  if (retrieved !== null) {
    const result = parseUrl(retrieved, location.url);
    if (result.ok) return { url: result.url, source: 'retrieved' };
  }
  const html = htmlBaseHref(doc);
  if (html !== null) {
    const result = parseUrl(html, location.url);
    if (result.ok) return { url: result.url, source: 'html' };
  }
  return location;
}
