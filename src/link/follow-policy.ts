// What the pager may do with a link, given the page it is on: a page from the
// web never opens a local file by itself, script links are never followed,
// and only http and https are fetched by lwl.
import type { UrlRecord } from '../link/url/index.ts';
import { foreignHost, isLocalFile } from './local-file.ts';

export type FollowDecision =
  /** Fetch it in lwl (http, https). */
  | { action: 'fetch' }
  /** Open the local file in lwl, as for any local document's link. */
  | { action: 'open' }
  /** A local file linked from a web page: only if the user says yes (the state asks, naming the file). */
  | { action: 'ask' }
  /** Never followed: `reason` says why. */
  | { action: 'refuse'; reason: string }
  /** Not lwl's to read (mailto:, ftp:, data:...): the browser command's, as before. */
  | { action: 'hand-off' };

/** Schemes whose pages came over the network. */
function fromWeb(url: UrlRecord | null): boolean {
  return url !== null && url.scheme !== 'file';
}

/**
 * What following `link` from the page at `page` may do; `page` is null for
 * standard input or text lwl made.
 */
export function mayFollowFrom(page: UrlRecord | null, link: UrlRecord): FollowDecision {
  switch (link.scheme) {
    case 'http':
    case 'https':
      return { action: 'fetch' };
    case 'javascript':
    case 'vbscript':
      return { action: 'refuse', reason: `${link.scheme}: links are not followed: lwl runs no scripts` };
    case 'file':
      if (!isLocalFile(link)) return { action: 'refuse', reason: `the file is on ${foreignHost(link)}, another machine` };
      if (fromWeb(page)) return { action: 'ask' };
      return { action: 'open' };
    case 'man':
      // A manual page, formatted by man in this lwl (never through a shell).
      return { action: 'open' };
    default:
      return { action: 'hand-off' };
  }
}

/**
 * Whether `link`, on the page at `page`, may be written as an OSC 8 hyperlink:
 * a click in the terminal follows it without lwl, so only what lwl itself
 * would follow without a question (http, https, a local document's own file:
 * links) and mailto:, which the terminal hands to a mail program. Script,
 * data: and any other scheme, and a web page's file: links, are never clickable.
 */
export function mayHyperlinkFrom(page: UrlRecord | null, link: UrlRecord): boolean {
  if (link.scheme === 'mailto') return true;
  // A terminal has no use for man: (lwl opens it).
  if (link.scheme === 'man') return false;
  const decision = mayFollowFrom(page, link).action;
  return decision === 'fetch' || decision === 'open';
}
