// Where each link goes: its href resolved against the document's base URL,
// lazily (when a link is shown or selected) and once.
import type { Document } from '../document/document.ts';
import { discoverBase, type Base } from './base.ts';
import { parseUrl, serializeUrl, type UrlRecord } from './url/index.ts';

export type Target =
  | { ok: true; url: UrlRecord; href: string }
  | { ok: false; reason: string; /** Not a link at all: bro's "(No href)" placeholder. */ placeholder?: true };

/** The href bro writes for a link that had none in the page ("[text](No href)"). */
export const NO_HREF = 'No href';

/** Whether an href is bro's placeholder for a link without an address: not a link. */
export function isPlaceholderHref(href: string): boolean {
  return href === NO_HREF;
}

const PLACEHOLDER: Target = {
  ok: false,
  reason: 'not a link: the page gave it no address (bro wrote "No href")',
  placeholder: true,
};

export class LinkTargets {
  private cache = new Map<number, Target>();
  private discovered: Base | null = null;

  constructor(
    private readonly doc: Document,
    private readonly baseOption: UrlRecord | null = null,
  ) {}

  /** The base URL, found from what is loaded when first asked for. */
  get base(): Base {
    this.discovered ??= discoverBase(this.doc, this.baseOption);
    return this.discovered;
  }

  /**
   * Whether link `i` is a link at all: bro's "(No href)" placeholder is not. For drawing it
   * as plain text and for n/Tab to pass it by (those live outside this module).
   */
  isLink(i: number): boolean {
    return !isPlaceholderHref(this.doc.href(i));
  }

  /** The target of link `i`. */
  get(i: number): Target {
    let target = this.cache.get(i);
    if (!target) {
      const href = this.doc.href(i);
      // Resolved, "No href" would become a relative path (".../No%20href") that leads nowhere.
      const result = isPlaceholderHref(href) ? null : parseUrl(href, this.base.url);
      target = result === null ? PLACEHOLDER : result.ok ? { ok: true, url: result.url, href: serializeUrl(result.url) } : { ok: false, reason: result.reason };
      this.cache.set(i, target);
    }
    return target;
  }
}
