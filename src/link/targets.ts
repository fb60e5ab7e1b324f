// Where each link goes: its href resolved against the document's base URL,
// lazily (when a link is shown or selected) and once.
import type { Document } from '../document/document.ts';
import { discoverBase, type Base } from './base.ts';
import { parseUrl, serializeUrl, type UrlRecord } from './url/index.ts';
import { LruCache } from '../document/cache.ts';
import { manPageKnown } from './man.ts';

export type Target = { ok: true; url: UrlRecord; href: string } | { ok: false; reason: string };

/** Link targets kept resolved: more than a screen's worth, and a step through links both ways. */
const TARGETS_CACHED = 4096;

export class LinkTargets {
  /** Targets of the links lately shown or selected: a document may hold millions of links. */
  private readonly cache = new LruCache<number, Target>(TARGETS_CACHED);
  private discovered: Base | null = null;

  constructor(
    private readonly doc: Document,
    private readonly baseOption: UrlRecord | null = null,
    /** The URL a web page was fetched from (after redirects): its location, as a file's path is a file's. */
    private readonly webUrl: UrlRecord | null = null,
  ) {}

  /** The base URL, found from what is loaded when first asked for. */
  get base(): Base {
    this.discovered ??= discoverBase(this.doc, this.baseOption, this.webUrl);
    return this.discovered;
  }

  /**
   * Whether link `i` is shown and stepped to as a link: a reference to a
   * manual page is not until man is known to have the page (text until then).
   */
  shown(i: number): boolean {
    const target = this.get(i);
    return !target.ok || target.url.scheme !== 'man' || manPageKnown(target.href);
  }

  /** The target of link `i`. */
  get(i: number): Target {
    let target = this.cache.get(i);
    if (!target) {
      const result = parseUrl(this.doc.href(i), this.base.url);
      target = result.ok ? { ok: true, url: result.url, href: serializeUrl(result.url) } : { ok: false, reason: result.reason };
      this.cache.set(i, target);
    }
    return target;
  }
}
