// The `v` preview of a link: everything about where it goes, in full, with
// warnings where the link may not be what it seems, and for a link to a place in
// this document, whether and where the document defines it.
import type { Document } from '../document/document.ts';
import { findFragment } from '../document/fragments.ts';
import { describeHost, maskedHref, maskedWritten, shownHost } from '../link/render.ts';
import type { LinkTargets } from '../link/targets.ts';
import { includesCredentials, parseUrl, percentDecode, serializeHost, serializeUrl, type UrlRecord } from '../link/url/index.ts';
import type { Role } from './theme.ts';

export interface PreviewLine {
  label: string;
  value: string;
  role: Role;
}

/** The text of a link as shown, on one line, without the brackets lwl markup shows around it. */
export function linkText(doc: Document, i: number): string {
  const shown = doc.text.text(doc.links.start(i), doc.links.end(i));
  const bracketed = doc.kind === 'markup' && shown.startsWith('[') && shown.endsWith(']');
  return (bracketed ? shown.slice(1, -1) : shown).replace(/\s+/g, ' ').trim();
}

/** The URL a link's text looks like, if it looks like one: "https://a.example/x" or "www.a.example". */
function urlInText(text: string): UrlRecord | null {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : /^([\w-]+\.)+[a-z]{2,}(\/\S*)?$/i.test(text) ? `http://${text}` : null;
  if (candidate === null) return null;
  const parsed = parseUrl(candidate);
  return parsed.ok && parsed.url.host ? parsed.url : null;
}

/** Reasons to look twice before following a link. */
export function warnings(text: string, url: UrlRecord): string[] {
  const out: string[] = [];
  const host = describeHost(url);
  if (host.punycode) {
    out.push(`the host is shown in punycode because ${host.reason}; in Unicode it reads ${host.unicode}`);
  }
  const named = urlInText(text);
  const goesTo = shownHost(url);
  if (named && goesTo && serializeHost(named.host!) !== serializeHost(goesTo)) {
    out.push(`the link's text looks like ${serializeHost(named.host!)} but it goes to ${serializeHost(goesTo)}`);
  }
  if (includesCredentials(url)) out.push('the URL holds a user name or password, shown as …@ here and not at all on the status line');
  if (url.scheme === 'javascript' || url.scheme === 'data') out.push(`it is a ${url.scheme}: URL, not a page address`);
  return out;
}

/** The line number (1-based) of an offset of the display text. */
function lineNumberAt(doc: Document, offset: number): number {
  let line = 1;
  for (let at = doc.text.indexOf(0x0a, 0); at >= 0 && at < offset; at = doc.text.indexOf(0x0a, at + 1)) line++;
  return line;
}

const MAX_QUOTE = 60;

/**
 * For a link to a place in this document (the document's own URL and a fragment): whether
 * and where the document defines that place. Null for links elsewhere.
 */
export function fragmentLine(doc: Document, links: LinkTargets, url: UrlRecord): PreviewLine | null {
  if (url.fragment === null || serializeUrl(url, true) !== serializeUrl(links.base.url, true)) return null;
  const name = Buffer.from(percentDecode(url.fragment)).toString('utf8');
  const label = 'Place:     ';
  if (!doc.complete) return { label, value: `#${name}: not known until the document is read to its end`, role: 'text' };
  const at = findFragment(doc, url.fragment);
  if (at === null) return { label, value: `#${name} is not defined in this document`, role: 'warning' };
  let heading = doc.text.text(at, doc.text.lineEnd(at)).trim();
  if (heading.length > MAX_QUOTE) heading = heading.slice(0, MAX_QUOTE - 1) + '…';
  return { label, value: `#${name} is defined in this document at line ${lineNumberAt(doc, at)}: ${heading}`, role: 'text' };
}

export function previewLines(doc: Document, links: LinkTargets, i: number): PreviewLine[] {
  const text = linkText(doc, i);
  const lines: PreviewLine[] = [
    { label: 'Link text: ', value: text, role: 'text' },
    { label: 'Written:   ', value: maskedWritten(doc.href(i)), role: 'text' },
  ];
  const target = links.get(i);
  if (!target.ok) {
    lines.push({ label: 'Goes to:   ', value: `nowhere: it cannot be followed (${target.reason})`, role: 'warning' });
    return lines;
  }
  lines.push({ label: 'Goes to:   ', value: maskedHref(target.url), role: 'text' });
  const host = shownHost(target.url) ? describeHost(target.url) : null;
  lines.push({ label: 'Host:      ', value: host && host.display !== '' ? host.display : '(none)', role: 'text' });
  const place = fragmentLine(doc, links, target.url);
  if (place) lines.push(place);
  for (const warning of warnings(text, target.url)) lines.push({ label: 'Warning:   ', value: warning, role: 'warning' });
  return lines;
}
