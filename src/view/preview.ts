// The `v` preview of a link: everything about where it goes, in full, with
// warnings where the link may not be what it seems.
import type { Document } from '../document/document.ts';
import { describeHost } from '../link/render.ts';
import type { LinkTargets } from '../link/targets.ts';
import { includesCredentials, parseUrl, serializeHost, type UrlRecord } from '../link/url/index.ts';
import type { Role } from './theme.ts';

export interface PreviewLine {
  label: string;
  value: string;
  role: Role;
}

/** The text of a link as shown, without its outer brackets, on one line. */
export function linkText(doc: Document, i: number): string {
  return doc.text
    .text(doc.links.start(i) + 1, doc.links.end(i) - 1)
    .replace(/\s+/g, ' ')
    .trim();
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
  const host = url.host ? describeHost(url.host) : null;
  if (host?.punycode) {
    out.push(
      host.mixedScripts
        ? `the host mixes scripts, so it is shown in punycode: ${host.unicode} may imitate another name`
        : `the host is an internationalized name, shown in punycode; in Unicode it reads ${host.unicode}`,
    );
  }
  const named = urlInText(text);
  if (named && url.host && serializeHost(named.host!) !== serializeHost(url.host)) {
    out.push(`the link's text looks like ${serializeHost(named.host!)} but it goes to ${serializeHost(url.host)}`);
  }
  if (includesCredentials(url)) out.push('the URL holds a user name or password, which the status line does not show');
  if (url.scheme === 'javascript' || url.scheme === 'data') out.push(`it is a ${url.scheme}: URL, not a page address`);
  return out;
}

export function previewLines(doc: Document, links: LinkTargets, i: number): PreviewLine[] {
  const text = linkText(doc, i);
  const lines: PreviewLine[] = [
    { label: 'Link text: ', value: text, role: 'text' },
    { label: 'Written:   ', value: doc.href(i), role: 'text' },
  ];
  const target = links.get(i);
  if (!target.ok) {
    lines.push({ label: 'Goes to:   ', value: `nowhere: it cannot be followed (${target.reason})`, role: 'warning' });
    return lines;
  }
  lines.push({ label: 'Goes to:   ', value: target.href, role: 'text' });
  const host = target.url.host ? describeHost(target.url.host) : null;
  lines.push({ label: 'Host:      ', value: host ? host.display : '(none)', role: 'text' });
  for (const warning of warnings(text, target.url)) lines.push({ label: 'Warning:   ', value: warning, role: 'warning' });
  return lines;
}
